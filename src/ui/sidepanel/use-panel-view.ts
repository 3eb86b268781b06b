import { useCallback, useState } from 'preact/hooks';
import type { TrajectoryView } from '../../export';
import type { PanelTab } from './panel-header';

export type Current =
  | { kind: 'session'; id: string; question: string }
  | { kind: 'import'; view: TrajectoryView }
  | null;

/** Which tab is open, what the research tab shows, and whether a new question is being written. */
export function usePanelView() {
  const [tab, setTab] = useState<PanelTab>('research');
  const [current, setCurrent] = useState<Current>(null);
  // A session is on screen but the user is writing a new question.
  const [composing, setComposing] = useState(false);

  const openSession = useCallback((id: string, question = '') => {
    setCurrent({ kind: 'session', id, question });
    setComposing(false);
    setTab('research');
  }, []);

  const openImport = useCallback((view: TrajectoryView) => {
    setCurrent({ kind: 'import', view });
    setComposing(false);
    setTab('research');
  }, []);

  const compose = useCallback(() => {
    setComposing(true);
    setTab('research');
    requestAnimationFrame(() => document.getElementById('question')?.focus());
  }, []);

  return {
    tab,
    setTab,
    current,
    setCurrent,
    composing,
    setComposing,
    openSession,
    openImport,
    compose,
  };
}
