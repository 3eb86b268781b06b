import { useCallback, useEffect, useState } from 'preact/hooks';
import type { SessionRecord } from '../../store/records';
import type { UiServices } from '../shared/services';

/** A thread is one entry: its latest question (the one no listed session follows up on). */
export function threadHeads(sessions: readonly SessionRecord[]): SessionRecord[] {
  const followed = new Set(sessions.flatMap((s) => (s.followUpOf ? [s.followUpOf] : [])));
  return sessions.filter((s) => !followed.has(s.id));
}

/** Past sessions (extra attempts of a run stay inside it), newest first, filtered by a search query; refreshed when the runner changes them. */
export function useHistory(services: UiServices, query: string) {
  const [sessions, setSessions] = useState<SessionRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const store = await services.store;
      setSessions(threadHeads(await store.sessions.listNewestFirst({ limit: 200, query, topLevel: true })));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [services, query]);
  useEffect(() => {
    void refresh();
    return services.subscribe((e) => {
      if (e.type === 'sessions-changed') void refresh();
    });
  }, [services, refresh]);
  return { sessions, error, refresh };
}
