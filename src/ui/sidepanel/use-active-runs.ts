import { useEffect, useState } from 'preact/hooks';
import type { ResearchIntent } from '../../router/research-intent';
import type { UiServices } from '../shared/services';

/**
 * The ids of the runs going on now, kept current as sessions change. A run outlives the panel, so
 * on opening the panel reports the first running one (`onReattach`) to be shown again; research
 * intents sent from the page (context menu, shortcut) go to `onIntent`.
 */
export function useActiveRuns(
  services: UiServices,
  onIntent: (intent: ResearchIntent) => void,
  onReattach: (id: string) => void,
): [string[], (update: (ids: string[]) => string[]) => void] {
  const { client } = services;
  const [activeIds, setActiveIds] = useState<string[]>([]);
  useEffect(() => {
    client
      .send('runner.active', {})
      .then(({ sessionIds }) => {
        setActiveIds(sessionIds);
        const first = sessionIds[0];
        if (first) onReattach(first);
      })
      .catch(() => undefined);
    const stopIntents = services.watchIntents(onIntent);
    const stopLive = services.subscribe((e) => {
      if (e.type === 'sessions-changed') {
        client
          .send('runner.active', {})
          .then((r) => setActiveIds(r.sessionIds))
          .catch(() => undefined);
      }
    });
    return () => {
      stopIntents();
      stopLive();
    };
  }, [services, client, onIntent, onReattach]);
  return [activeIds, setActiveIds];
}
