import { useCallback, useState } from 'preact/hooks';
import type { ResearchIntent } from '../../router/research-intent';
import { type Draft, draftFromIntent, EMPTY_DRAFT } from '../ask/draft';
import { useModelSource } from '../ask/use-model-source';
import { useFirstRun } from '../guide/use-first-run';
import type { UiServices } from '../shared/services';
import { useSystemStatus } from '../status/use-system-status';
import { useActiveRuns } from './use-active-runs';
import { usePageDraft } from './use-page-draft';
import { usePanelView } from './use-panel-view';
import { useRunStart } from './use-run-start';

/** The side panel's state: what is on screen, the question being written, and the runs going on. */
export function useSidePanel(services: UiServices) {
  const { t } = services;
  const [statusKey, setStatusKey] = useState(0);
  const recheck = () => setStatusKey((k) => k + 1);
  const status = useSystemStatus(services, 10_000, statusKey);
  // One answer to "which model?" for the picker, the guide and the notice, current from each save.
  const model = useModelSource(services, `${status.engine?.state}|${status.engine?.modelId}`);
  const firstRun = useFirstRun(services);
  const view = usePanelView();
  const { compose, openSession, setCurrent } = view;
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const pickIntent = useCallback(
    (intent: ResearchIntent) => {
      setDraft(draftFromIntent(intent, t));
      compose();
    },
    [t, compose],
  );
  const reattach = useCallback(
    (id: string) => setCurrent((c) => c ?? { kind: 'session', id, question: '' }),
    [setCurrent],
  );
  const [activeIds, setActiveIds] = useActiveRuns(services, pickIntent, reattach);
  const run = useRunStart({ services, status, draft, setDraft, setActiveIds, openSession });
  const page = usePageDraft(services, setDraft, run.setError);
  return { recheck, status, model, firstRun, view, draft, setDraft, activeIds, run, page };
}
