import { useLayoutEffect, useState } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import { stepFromRecord } from '../../store/step-codec';
import type { UiServices } from '../shared/services';
import { asAgentEvent } from './agent-event';
import { createEventBatcher } from './event-batcher';
import { applyEvent, emptyView, fromStore, type SessionView } from './session-state';

/**
 * Opens a session: reads it and its steps from the store, then keeps it current from live events.
 * Re-reads the store when the runner says sessions changed (final answer, citations, status).
 */
export function useSession(services: UiServices, id: string, question = ''): SessionView {
  const [view, setView] = useState<SessionView>(() => emptyView(id, question));

  // A layout effect subscribes before the browser paints: a plain effect waits for the next frame,
  // and the first events of a just-started run would be missed.
  useLayoutEffect(() => {
    let alive = true;
    setView(emptyView(id, question));
    const load = async () => {
      try {
        const store = await services.store;
        const [session, records] = await Promise.all([
          store.sessions.get(id),
          store.steps.listForSession(id),
        ]);
        const steps: AgentStep[] = records.map(stepFromRecord);
        if (alive) setView((prev) => fromStore(prev, session, steps));
      } catch (err) {
        if (!alive) return;
        const message = err instanceof Error ? err.message : String(err);
        setView((prev) => ({ ...prev, errors: [...prev.errors, { code: 'stored', message, fatal: false }] }));
      }
    };
    const batcher = createEventBatcher((events) => {
      if (alive) setView((prev) => events.reduce(applyEvent, prev));
    });
    const unsubscribe = services.subscribe((e) => {
      if (e.type === 'sessions-changed') void load();
      else if (e.type === 'session' && e.sessionId === id) {
        const ev = asAgentEvent(e.event);
        if (ev) batcher.push(ev);
      }
    });
    void load();
    return () => {
      alive = false;
      batcher.dispose();
      unsubscribe();
    };
  }, [services, id, question]);

  return view;
}
