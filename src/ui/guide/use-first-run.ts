import { useCallback, useEffect, useState } from 'preact/hooks';
import type { UiServices } from '../shared/services';

/** Whether to show the first-run guide: until it is dismissed, and only while nothing was researched yet. */
export function useFirstRun(services: UiServices): { show: boolean; dismiss: () => void } {
  const [show, setShow] = useState(false);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [settings, store] = await Promise.all([services.settings.load(), services.store]);
        if (settings.guideDone) return;
        const any = await store.sessions.listNewestFirst({ limit: 1 });
        if (live) setShow(any.length === 0);
      } catch {
        // No guide is better than a broken panel.
      }
    })();
    return () => {
      live = false;
    };
  }, [services]);
  return { show, dismiss: useCallback(() => setShow(false), []) };
}
