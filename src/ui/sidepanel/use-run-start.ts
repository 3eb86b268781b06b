import { useState } from 'preact/hooks';
import { type Draft, EMPTY_DRAFT, startRequest } from '../ask/draft';
import { gateSatisfied } from '../ask/permission-gate';
import type { UiServices } from '../shared/services';
import type { SystemStatus } from '../status/use-system-status';
import { message } from './error-message';
import { useDownloadCheck } from './use-download-check';

interface RunStartDeps {
  services: UiServices;
  status: SystemStatus;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  setActiveIds: (update: (ids: string[]) => string[]) => void;
  openSession: (id: string, question?: string) => void;
}

/**
 * Starting a run: the site-access question and the model download it may wait on first, the busy
 * flag while it starts, and the error it may end in.
 */
export function useRunStart(deps: RunStartDeps) {
  const { services, draft, setDraft, setActiveIds, openSession } = deps;
  const { client } = services;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // 'ask' shows the site-access explanation; 'skipped' means the user chose to run without it.
  const [gate, setGate] = useState<'closed' | 'ask' | 'skipped'>('closed');
  // The run waiting for an answer (site access, or consent to a download): the draft, or a follow-up.
  const [waiting, setWaiting] = useState<{ request: Draft; followUpOf?: string } | null>(null);
  const { downloadPlan, setDownloadPlan, needsDownload } = useDownloadCheck(services, deps.status);

  /**
   * Starts a run; true when it started. `pastGate`: the site-access explanation was just answered;
   * `downloaded`: the person agreed to the model download and it finished.
   */
  const begin = async (request: Draft, followUpOf?: string, pastGate = false, downloaded = false) => {
    setBusy(true);
    setError(null);
    try {
      if (!pastGate && gate !== 'skipped' && !(await gateSatisfied(services))) {
        setWaiting({ request, ...(followUpOf ? { followUpOf } : {}) });
        setGate('ask');
        return false;
      }
      if (!downloaded && (await needsDownload())) {
        setWaiting({ request, ...(followUpOf ? { followUpOf } : {}) });
        return false;
      }
      const question = request.question.trim();
      const { sessionId } = await client.send('runner.start', {
        ...startRequest(request),
        ...(followUpOf ? { followUpOf } : {}),
      });
      setActiveIds((ids) => [...ids, sessionId]);
      openSession(sessionId, question);
      return true;
    } catch (e) {
      setError(message(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const start = async (pastGate = false, downloaded = false) => {
    if (await begin(draft, undefined, pastGate, downloaded)) setDraft(EMPTY_DRAFT);
  };

  /** Goes on with the run that waited for the site-access answer or the download. */
  const proceed = (downloaded: boolean) => {
    const w = waiting;
    setWaiting(null);
    if (w?.followUpOf) void begin(w.request, w.followUpOf, true, downloaded);
    else void start(true, downloaded);
  };

  return {
    busy,
    error,
    setError,
    gate,
    setGate,
    setWaiting,
    downloadPlan,
    setDownloadPlan,
    begin,
    start,
    proceed,
  };
}
