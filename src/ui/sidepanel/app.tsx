import { useCallback, useState } from 'preact/hooks';
import type { TrajectoryView } from '../../export';
import type { EnginePlan } from '../../llm/host/engine-status';
import type { ResearchIntent } from '../../router/research-intent';
import { type Draft, draftFromIntent, EMPTY_DRAFT, startRequest } from '../ask/draft';
import { EngineNotice } from '../ask/engine-notice';
import { FirstRun } from '../ask/first-run';
import { ModelPicker } from '../ask/model-picker';
import { draftFromCurrentPage } from '../ask/page-research';
import { gateSatisfied, PermissionGate } from '../ask/permission-gate';
import { QuestionBox } from '../ask/question-box';
import { SearchStatus } from '../ask/search-status';
import { FirstRunGuide } from '../guide/first-run-guide';
import { useFirstRun } from '../guide/use-first-run';
import { HistoryList } from '../history/history-list';
import { ImportedView } from '../session/imported-view';
import { SessionView } from '../session/session-view';
import type { UiServices } from '../shared/services';
import { useSystemStatus } from '../status/use-system-status';
import { engineProblemOf } from './engine-problem';
import { ErrorBanner } from './error-banner';
import { PanelHeader } from './panel-header';
import { useActiveRuns } from './use-active-runs';

type Current =
  | { kind: 'session'; id: string; question: string }
  | { kind: 'import'; view: TrajectoryView }
  | null;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function SidePanelApp({ services }: { services: UiServices }) {
  const { t, client } = services;
  const [statusKey, setStatusKey] = useState(0);
  const status = useSystemStatus(services, 10_000, statusKey);
  const firstRun = useFirstRun(services);
  const [tab, setTab] = useState<'research' | 'history'>('research');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [current, setCurrent] = useState<Current>(null);
  // A session is on screen but the user is writing a new question.
  const [composing, setComposing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // 'ask' shows the site-access explanation; 'skipped' means the user chose to run without it.
  const [gate, setGate] = useState<'closed' | 'ask' | 'skipped'>('closed');
  // The run waiting for an answer (site access, or consent to a download): the draft, or a follow-up.
  const [waiting, setWaiting] = useState<{ request: Draft; followUpOf?: string } | null>(null);
  // The model still to download before the first run: shown, with its size, instead of starting.
  const [downloadPlan, setDownloadPlan] = useState<EnginePlan | null>(null);

  const openSession = useCallback((id: string, question = '') => {
    setCurrent({ kind: 'session', id, question });
    setComposing(false);
    setTab('research');
  }, []);

  const compose = useCallback(() => {
    setComposing(true);
    setTab('research');
    requestAnimationFrame(() => document.getElementById('question')?.focus());
  }, []);

  const pickIntent = useCallback(
    (intent: ResearchIntent) => {
      setDraft(draftFromIntent(intent, t));
      compose();
    },
    [t, compose],
  );

  const reattach = useCallback(
    (id: string) => setCurrent((c) => c ?? { kind: 'session', id, question: '' }),
    [],
  );
  const [activeIds, setActiveIds] = useActiveRuns(services, pickIntent, reattach);

  /** Whether the model must be downloaded first; then the first-run explanation is shown instead. */
  const needsDownload = async (): Promise<boolean> => {
    const state = status.engine?.state;
    if (state === 'ready' || state === 'loading') return false;
    const plan = await client.send('engine.plan', {}).catch(() => null);
    if (!plan?.downloadBytes) return false;
    setDownloadPlan(plan);
    return true;
  };

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

  const researchPage = async () => {
    setNote(null);
    try {
      const next = await draftFromCurrentPage(client, t);
      if (next) {
        setDraft(next);
        document.getElementById('question')?.focus();
      } else setNote(t('pageUnreadable'));
    } catch (e) {
      setError(message(e));
    }
  };

  const showAsk = tab === 'research' && (current === null || composing);
  // Not while the run on screen goes: a new question would take its place while it runs on unseen.
  // Stop (or its end) brings it back. Short on screen ("+ New"), so that beside the question it
  // seldom costs the question a line; its name says the rest.
  const newQuestion =
    current?.kind === 'session' && activeIds.includes(current.id) ? null : (
      <button
        type="button"
        class="new-question"
        data-testid="new-question"
        aria-label={t('newQuestionLabel')}
        title={t('newQuestionLabel')}
        onClick={compose}
      >
        {t('newQuestion')}
      </button>
    );
  const guideOpen = showAsk && firstRun.show && current === null;
  return (
    <main class="panel">
      <PanelHeader
        status={status}
        running={activeIds.length > 0}
        tab={tab}
        onTab={setTab}
        onOptions={() => services.openOptions()}
        t={t}
      />
      {/* The download explanation says the same and more while it is open. */}
      {downloadPlan ? null : (
        <EngineNotice
          guideOpen={guideOpen}
          status={status}
          services={services}
          onError={setError}
          onRecheck={() => setStatusKey((k) => k + 1)}
        />
      )}
      <ErrorBanner error={error} onDismiss={() => setError(null)} t={t} />
      {showAsk ? (
        <div class="ask-area">
          {guideOpen ? (
            <FirstRunGuide
              services={services}
              onDone={firstRun.dismiss}
              onSettingsChanged={() => setStatusKey((k) => k + 1)}
            />
          ) : null}
          <QuestionBox
            draft={draft}
            busy={busy}
            onChange={setDraft}
            onStart={() => void start()}
            onResearchPage={() => void researchPage()}
            t={t}
          />
          <div class="ask-context">
            <ModelPicker services={services} onChanged={() => setStatusKey((k) => k + 1)} />
            <SearchStatus services={services} />
          </div>
          {current !== null ? (
            <button type="button" class="link small" onClick={() => setComposing(false)}>
              {t('backToSession')}
            </button>
          ) : null}
        </div>
      ) : null}
      {gate === 'ask' ? (
        <PermissionGate
          services={services}
          onStart={(granted) => {
            setGate(granted ? 'closed' : 'skipped');
            proceed(false);
          }}
          onCancel={() => {
            setGate('closed');
            setWaiting(null);
          }}
        />
      ) : null}
      {downloadPlan ? (
        <FirstRun
          plan={downloadPlan}
          t={t}
          onCancel={() => {
            setDownloadPlan(null);
            setWaiting(null);
          }}
          onDownload={() => {
            setDownloadPlan(null);
            // The download's progress shows in the engine notice; the run starts once it loads.
            client.send('engine.load', {}).then(
              () => proceed(true),
              () => setWaiting(null),
            );
          }}
        />
      ) : null}
      {note ? (
        <p class="note" role="status">
          {note}
        </p>
      ) : null}
      {tab === 'research' && !composing && current !== null ? (
        <>
          {current.kind === 'session' ? (
            <SessionView
              key={current.id}
              services={services}
              id={current.id}
              question={current.question}
              onSwitch={(id) => openSession(id)}
              onError={setError}
              onOpenSession={(id) => openSession(id)}
              onFollowUp={(question) => begin({ question, origin: 'ask' }, current.id)}
              headAction={newQuestion}
              engineProblem={downloadPlan ? undefined : engineProblemOf(status)}
            />
          ) : (
            <ImportedView
              view={current.view}
              onClose={() => setCurrent(null)}
              headAction={newQuestion}
              t={t}
            />
          )}
        </>
      ) : null}
      {tab === 'history' ? (
        <HistoryList
          services={services}
          activeIds={activeIds}
          actions={{
            open: (s) => openSession(s.id, s.question),
            resume: (s) =>
              void client.send('runner.resume', { sessionId: s.id }).then(
                (r) => openSession(r.sessionId, s.question),
                (e: unknown) => setError(message(e)),
              ),
            openImport: (view) => {
              setCurrent({ kind: 'import', view });
              setComposing(false);
              setTab('research');
            },
            onError: setError,
          }}
        />
      ) : null}
    </main>
  );
}
