import type { ResearchIntent } from '../messaging/protocol';

const KEY = 'pendingIntent';

/**
 * The intent is kept in memory while it is being prepared (extraction takes a moment) and in
 * storage.session once ready, so a side panel that asks after a worker restart still gets it.
 */
let preparing: Promise<ResearchIntent | null> | null = null;

export function prepareIntent(work: Promise<ResearchIntent | null>): void {
  preparing = work.then(
    async (intent) => {
      if (intent) await chrome.storage.session.set({ [KEY]: intent });
      return intent;
    },
    () => null,
  );
}

export async function takeIntent(): Promise<ResearchIntent | null> {
  if (preparing) await preparing;
  preparing = null;
  const got = await chrome.storage.session.get(KEY);
  await chrome.storage.session.remove(KEY);
  const v = got[KEY] as ResearchIntent | undefined;
  return v && typeof v.url === 'string' ? v : null;
}
