// Builds the services the Preact views use from the platform wrappers and the store.

import * as v from 'valibot';
import { createClient } from '../../src/messaging/client';
import { connectLive } from '../../src/messaging/live';
import { t } from '../../src/platform/i18n';
import { hasOrigins, requestOrigins } from '../../src/platform/permissions';
import { openOptionsPage, portTransport, runtimeTransport } from '../../src/platform/runtime';
import { storageEstimate } from '../../src/platform/storage-estimate';
import { parseSettings } from '../../src/settings/schema';
import { openStore, toJson } from '../../src/store';
import type { UiServices } from '../../src/ui/shared/services';

export function createUiServices(): UiServices {
  const transport = runtimeTransport();
  const background = createClient(transport);
  const ensureOffscreen = async () => {
    await background.send('background.ensureOffscreen', {});
  };
  const client = createClient(transport, { ensureOffscreen });
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
    settings: {
      load: async () => parseSettings(await (await store).settings.get('app', v.unknown(), undefined)),
      save: async (s) => {
        await (await store).settings.set('app', toJson(s));
      },
    },
    storage: { estimate: storageEstimate },
    store,
    takeIntent: () => background.send('background.takeIntent', {}),
    t,
    openOptions: () => void openOptionsPage(),
    permissions: { has: hasOrigins, request: requestOrigins },
  };
}
