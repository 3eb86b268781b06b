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

/**
 * Asks each context for a live answer, then keeps the engine state current from live events.
 * Asks again when `refreshKey` changes (settings changed here) and when the panel gets focus back
 * (settings may have changed in the options page).
 */
export function useSystemStatus(services: UiServices, pollMs = 10_000, refreshKey = 0): SystemStatus {
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
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    const unsubscribe = services.subscribe((e) => {
      if (e.type !== 'engine') return;
      // Live engine events say nothing about the model server's health; keep the last check's answer.
      setStatus((s) => {
        const server =
          e.status.engine === 'openai' && s.engine?.engine === 'openai' ? s.engine.server : undefined;
        return { ...s, offscreen: 'ok', engine: server ? { ...e.status, server } : e.status };
      });
    });
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      unsubscribe();
    };
  }, [services, pollMs, refreshKey]);

  return status;
}
