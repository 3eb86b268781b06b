// Builds the services the Preact views use from the platform wrappers and the store.

import { createClient } from '../../src/messaging/client';
import { connectLive } from '../../src/messaging/live';
import { t } from '../../src/platform/i18n';
import { incognitoAllowed, openExtensionDetails } from '../../src/platform/incognito-access';
import { watchIntents } from '../../src/platform/intents';
import { hasOrigins, requestOrigins } from '../../src/platform/permissions';
import { openOptionsAt, openOptionsPage, portTransport, runtimeTransport } from '../../src/platform/runtime';
import { storageEstimate } from '../../src/platform/storage-estimate';
import { parseSettings, type Settings } from '../../src/settings/schema';
import { openStore, type Store } from '../../src/store';
import { loadSettings, saveSettings } from '../../src/store/settings-store';
import type { UiServices } from '../../src/ui/shared/services';
import { OFFSCREEN_ROOMS } from './offscreen-rooms';

export function createUiServices(): UiServices {
  const transport = runtimeTransport();
  const router = createClient(transport);
  const ensureOffscreen = async () => {
    await router.send('router.ensureEngineHost', {});
  };
  const client = createClient(transport, { wake: { rooms: OFFSCREEN_ROOMS, ensure: ensureOffscreen } });
  const store = openStore();
  return {
    client,
    subscribe(onEvent, onState) {
      const live = connectLive(portTransport(), onEvent, {
        ensure: ensureOffscreen,
        ...(onState ? { onState } : {}),
      });
      return () => live.close();
    },
    settings: watchedSettings(store),
    storage: { estimate: storageEstimate },
    store,
    watchIntents,
    t,
    openOptions: (section) => void (section ? openOptionsAt(section) : openOptionsPage()),
    permissions: { has: hasOrigins, request: requestOrigins },
    incognito: { allowed: incognitoAllowed, openDetails: () => void openExtensionDetails() },
  };
}

/**
 * The settings store, telling every watcher of each save: views in this page at once, other pages of
 * the extension (options, panel) through a BroadcastChannel, which reaches the same origin only.
 */
function watchedSettings(store: Promise<Store>): UiServices['settings'] {
  const watchers = new Set<(s: Settings) => void>();
  const tell = (s: Settings) => {
    for (const w of watchers) w(s);
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sleuth-settings') : null;
  // What another page posts is read like a stored record: through the schema.
  channel?.addEventListener('message', (e: MessageEvent<unknown>) => tell(parseSettings(e.data)));
  return {
    load: async () => loadSettings((await store).settings),
    save: async (s) => {
      await saveSettings((await store).settings, s);
      tell(s);
      channel?.postMessage(s);
    },
    watch(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
  };
}
