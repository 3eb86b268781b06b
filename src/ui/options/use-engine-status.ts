import { useEffect, useState } from 'preact/hooks';
import type { EngineStatus } from '../../llm/host/engine-status';
import type { UiServices } from '../shared/services';

/** The engine host's status: asked once, then kept current by live `engine` events. */
export function useEngineStatus(services: UiServices): EngineStatus | null {
  const [status, setStatus] = useState<EngineStatus | null>(null);
  useEffect(() => {
    let live = false;
    services.client.send('engine.status', {}).then(
      (s) => {
        if (!live) setStatus(s);
      },
      () => undefined,
    );
    return services.subscribe((e) => {
      if (e.type !== 'engine') return;
      live = true;
      setStatus(e.status);
    });
  }, [services]);
  return status;
}
