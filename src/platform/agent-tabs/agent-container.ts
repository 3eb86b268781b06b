/**
 * Firefox: signed-out agent tabs open in a container of their own ("Sleuth agent"), created on
 * first use. A container is a separate cookie store, and Firefox keys localStorage, IndexedDB,
 * service workers and the HTTP cache by it as well, so the user's sign-ins and site data are not
 * there. When a run ends its tabs are closed and what the pages stored in it is removed
 * (browsingData with its cookieStoreId), so one run's pages leave nothing for the next.
 * RTCPeerConnection is off while agent tabs are open (webrtc-off.ts).
 */
import { IsolationUnavailable } from '../../tools/browse/tabs/isolation';
import { chrome } from '../browser-api';
import type { AgentPartition } from './partition';
import { peerConnectionsWhileOpen } from './webrtc-off';

const NAME = 'Sleuth agent';

interface Identity {
  cookieStoreId: string;
  name: string;
}
/** Firefox-only APIs, typed here (not in @types/chrome). */
interface FirefoxApis {
  contextualIdentities?: {
    query(details: { name?: string }): Promise<Identity[]>;
    create(details: { name: string; color: string; icon: string }): Promise<Identity>;
  };
  browsingData?: {
    remove(options: { cookieStoreId?: string }, dataTypes: Record<string, boolean>): Promise<void>;
  };
}

const ff = () => chrome as unknown as FirefoxApis;
type TabsCreate = (p: chrome.tabs.CreateProperties & { cookieStoreId?: string }) => Promise<chrome.tabs.Tab>;

export function agentContainer(): AgentPartition {
  let store: Promise<string> | null = null;
  const open = new Set<number>();
  const webRtc = peerConnectionsWhileOpen();

  const storeId = async (): Promise<string> => {
    const ids = ff().contextualIdentities;
    if (!ids) throw new IsolationUnavailable('needs-container');
    try {
      const [mine] = await ids.query({ name: NAME });
      return (mine ?? (await ids.create({ name: NAME, color: 'toolbar', icon: 'fingerprint' })))
        .cookieStoreId;
    } catch {
      // Containers turned off (privacy.userContext.enabled false): no partition to read in.
      throw new IsolationUnavailable('needs-container');
    }
  };

  return {
    // Container tabs open among the user's tabs, so they go in the collapsed "Sleuth" group.
    ownWindow: false,
    async openTab() {
      store ??= storeId().catch((err: unknown) => {
        store = null;
        throw err;
      });
      const cookieStoreId = await store;
      await webRtc.hold();
      const tab = await (chrome.tabs.create as unknown as TabsCreate)({
        url: 'about:blank',
        active: false,
        cookieStoreId,
      }).catch(() => {
        // A container removed by the user meanwhile: look it up again next time.
        store = null;
        throw new IsolationUnavailable('needs-container');
      });
      if (tab.id === undefined) throw new Error('Firefox did not create a tab.');
      open.add(tab.id);
      return tab.id;
    },
    async holds(tabId) {
      const tab = (await chrome.tabs.get(tabId).catch(() => null)) as { cookieStoreId?: string } | null;
      return store !== null && tab?.cookieStoreId === (await store.catch(() => null));
    },
    async end() {
      const cookieStoreId = store ? await store.catch(() => null) : null;
      open.clear();
      await webRtc.release();
      if (!cookieStoreId) return;
      await ff()
        .browsingData?.remove(
          { cookieStoreId },
          { cookies: true, localStorage: true, indexedDB: true, serviceWorkers: true },
        )
        .catch(() => undefined);
    },
  };
}
