export { extract } from './extract';
export { isHiddenElement } from './hidden';
export type { ExtractedPage, ExtractOptions, PageLink } from './types';
export { markdownToPlainText, wordF1, words } from './words';
