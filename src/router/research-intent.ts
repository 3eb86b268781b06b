import type { PageContent } from '../tools/browse/page-content';

/** What the context menu or keyboard command hands to the side panel it opens. */
export interface ResearchIntent extends PageContent {
  kind: 'page' | 'selection';
}
