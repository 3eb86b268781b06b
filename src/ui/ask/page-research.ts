import type { MessageClient } from '../../messaging/client';
import type { Translate } from '../shared/translate';
import { type Draft, pageQuestion } from './draft';

/** Reads the active tab through the service worker and turns it into an editable page draft. */
export async function draftFromCurrentPage(client: MessageClient, t: Translate): Promise<Draft | null> {
  const page = await client.send('router.currentPage', {});
  if (!page) return null;
  return {
    question: pageQuestion(page.title, t),
    origin: 'page',
    page: { url: page.url, title: page.title, markdown: page.markdown },
  };
}
