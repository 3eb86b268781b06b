/**
 * Where signed-out agent tabs live: a storage partition of their own, so a page the agent reads
 * shares no cookies, localStorage, IndexedDB, service workers, cache or site permissions with the
 * user's profile. Stripping the Cookie header is not that: a page keeps its origin, so its script
 * reads JavaScript cookies and tokens, and a service worker registered during the user's own
 * browsing answers the agent's navigation with credentialed requests.
 *
 * Chrome: an incognito window Sleuth opens (incognito-window.ts). Firefox: a container
 * (agent-container.ts). Tabs for sites the user listed under "use my sign-ins" are not opened here.
 */
import { IsolationUnavailable } from '../../tools/browse/tabs/isolation';

export interface AgentPartition {
  /** Its tabs open in a window of their own (Chrome), so they are not put in the "Sleuth" tab group. */
  ownWindow: boolean;
  /** Opens a blank tab in the partition; throws IsolationUnavailable when there is none to use. */
  openTab(): Promise<number>;
  /** Whether a tab belongs to the partition (its tabs are never the user's own). */
  holds(tabId: number): Promise<boolean>;
  /** The run is over and no agent tab is left in it: close it, forget what the pages stored. */
  end(): Promise<void>;
}

export type PartitionKind = 'incognito' | 'container';

/** For builds without one (unit seams): every signed-out read is refused a tab, as a user would see it. */
export const noPartition: AgentPartition = {
  ownWindow: false,
  openTab: () => Promise.reject(new IsolationUnavailable('needs-incognito')),
  holds: async () => false,
  end: async () => undefined,
};
