import { useCallback, useEffect, useState } from 'preact/hooks';
import type { UiServices } from '../shared/services';

/**
 * Which of these origins Chrome has granted, checked one by one, so a click handler can decide
 * synchronously whether it must prompt (a prompt is only allowed before any await).
 */
export function useGranted(services: UiServices, origins: readonly string[]) {
  const [granted, setGranted] = useState<Record<string, boolean>>({});
  const joined = [...origins].sort().join('\n');

  const refresh = useCallback(async () => {
    const list = joined.split('\n').filter(Boolean);
    const answers = await Promise.all(list.map((o) => services.permissions.has([o]).catch(() => false)));
    setGranted(Object.fromEntries(list.map((o, i) => [o, answers[i] === true])));
  }, [services, joined]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { granted, refresh };
}
