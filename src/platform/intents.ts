import type { ResearchIntent } from '../router/research-intent';
import { chrome } from './browser-api';

const KEY = 'pendingIntent';

/**
 * "Research this page" goes from the service worker to the side panel in one hop, through
 * storage.session: the worker writes the intent, and a panel takes it when it opens or, already open,
 * when the write is announced to it. storage.session outlives a worker restart and is readable by
 * extension pages only.
 */
export async function offerIntent(intent: ResearchIntent): Promise<void> {
  await chrome.storage.session.set({ [KEY]: intent });
}

const isIntent = (v: unknown): v is ResearchIntent => {
  const i = v as Partial<ResearchIntent> | null;
  return (
    typeof i === 'object' &&
    i !== null &&
    (i.kind === 'page' || i.kind === 'selection') &&
    typeof i.url === 'string' &&
    typeof i.title === 'string' &&
    typeof i.markdown === 'string'
  );
};

/** Side panel: takes a waiting intent now and each one offered later; returns the unsubscribe. */
export function watchIntents(onIntent: (intent: ResearchIntent) => void): () => void {
  const take = async () => {
    const got = await chrome.storage.session.get(KEY);
    const intent = got[KEY];
    if (intent === undefined) return;
    await chrome.storage.session.remove(KEY);
    if (isIntent(intent)) onIntent(intent);
  };
  // One take at a time, so an intent seen twice (on open and by the change event) is handed over once.
  let chain = Promise.resolve();
  const takeNext = () => {
    chain = chain.then(take).catch(() => undefined);
  };
  const onChanged = (changes: Record<string, chrome.storage.StorageChange>) => {
    if (changes[KEY]?.newValue !== undefined) takeNext();
  };
  // Listen first, then look: an intent written in between is seen by one of the two.
  chrome.storage.session.onChanged.addListener(onChanged);
  takeNext();
  return () => chrome.storage.session.onChanged.removeListener(onChanged);
}
