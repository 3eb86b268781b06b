import { useEffect, useState } from 'preact/hooks';
import type { EngineStatus } from '../../llm/host/engine-status';
import type { UiServices } from '../shared/services';

export type Reach = 'checking' | 'ok' | 'down';

export interface SystemStatus {
  worker: Reach;
  offscreen: Reach;
  engine: EngineStatus | null;
  storage: { usage: number; quota: number; persisted: boolean } | null;
  error?: string;
}

/** Asks each context for a live answer, then keeps the engine state current from live events. */
export function useSystemStatus(services: UiServices, pollMs = 10_000): SystemStatus {
  const [status, setStatus] = useState<SystemStatus>({
    worker: 'checking',
    offscreen: 'checking',
    engine: null,
    storage: null,
  });

  useEffect(() => {
    let alive = true;
    const check = async () => {
      const [worker, off, storage] = await Promise.allSettled([
        services.client.send('router.ping', {}),
        services.client.send('engine.ping', {}),
        services.storage.estimate(),
      ]);
      if (!alive) return;
      setStatus((s) => ({
        ...s,
        worker: worker.status === 'fulfilled' ? 'ok' : 'down',
        offscreen: off.status === 'fulfilled' ? 'ok' : 'down',
        engine: off.status === 'fulfilled' ? off.value.engine : s.engine,
        storage: storage.status === 'fulfilled' ? storage.value : s.storage,
        ...(off.status === 'rejected' ? { error: String(off.reason) } : {}),
      }));
    };
    void check();
    const timer = setInterval(() => void check(), pollMs);
    const unsubscribe = services.subscribe((e) => {
      if (e.type === 'engine') setStatus((s) => ({ ...s, offscreen: 'ok', engine: e.status }));
    });
    return () => {
      alive = false;
      clearInterval(timer);
      unsubscribe();
    };
  }, [services, pollMs]);

  return status;
}
