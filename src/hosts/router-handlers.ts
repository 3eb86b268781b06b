import type { RoomHandlers } from '../messaging/handlers';
import type { CheckedFetchReply, CheckedFetchRequest } from '../tools/browse/fetch/checked-fetch-reply';
import type { PageContent } from '../tools/browse/page-content';
import type { ReadOptions, ReadTabResult } from '../tools/browse/tabs/tab-reader';

export interface RouterDeps {
  startedAt: number;
  version: string;
  /** Starts the context that hosts the engine and runner when it is not running; true when it did. */
  ensureEngineHost(): Promise<boolean>;
  readTab(url: string, o: ReadOptions): Promise<ReadTabResult>;
  /** Fetches a page for a reader without a tab, judging the server's address first. */
  fetchChecked(req: CheckedFetchRequest): Promise<CheckedFetchReply>;
  /** The tab the user is looking at, read, or null when it cannot be read. */
  currentPage(): Promise<PageContent | null>;
  /** Closes the agent tabs kept open for further reads; how many. */
  closeIdleTabs(): Promise<number>;
}

/** The router room: reads pages through tabs for the runner and the user's current page for the panel. */
export function createRouterHandlers(d: RouterDeps): RoomHandlers<'router'> {
  return {
    'router.ping': () => ({ context: 'router', version: d.version, startedAt: d.startedAt }),
    'router.ensureEngineHost': async () => ({ created: await d.ensureEngineHost() }),
    'router.readTab': (req) =>
      d.readTab(req.url, { policy: req.policy, timeoutMs: req.timeoutMs, signedOut: req.signedOut }),
    'router.fetch': (req) => d.fetchChecked(req),
    'router.currentPage': () => d.currentPage(),
    'router.closeIdleTabs': async () => ({ closed: await d.closeIdleTabs() }),
  };
}
