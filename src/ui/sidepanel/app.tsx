import { useCallback, useEffect, useState } from 'preact/hooks';
import type { TrajectoryView } from '../../export';
import type { EnginePlan } from '../../llm/host/engine-status';
import type { ResearchIntent } from '../../router/research-intent';
import { type Draft, draftFromIntent, EMPTY_DRAFT, startRequest } from '../ask/draft';
import { EngineNotice } from '../ask/engine-notice';
import { FirstRun } from '../ask/first-run';
import { draftFromCurrentPage } from '../ask/page-research';
import { gateSatisfied, PermissionGate } from '../ask/permission-gate';
import { QuestionBox } from '../ask/question-box';
import { SearchStatus } from '../ask/search-status';
import { HistoryList } from '../history/history-list';
import { ImportedView } from '../session/imported-view';
import { SessionView } from '../session/session-view';
import type { UiServices } from '../shared/services';
import { StatusLine } from '../status/status-line';
import { useSystemStatus } from '../status/use-system-status';

type Current =
  | { kind: 'session'; id: string; question: string }
  | { kind: 'import'; view: TrajectoryView }
  | null;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function SidePanelApp({ services }: { services: UiServices }) {
  const { t, client } = services;
  const status = useSystemStatus(services);
  const [tab, setTab] = useState<'research' | 'history'>('research');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [current, setCurrent] = useState<Current>(null);
  const [activeIds, setActiveIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // 'ask' shows the site-access explanation; 'skipped' means the user chose to run without it.
  const [gate, setGate] = useState<'closed' | 'ask' | 'skipped'>('closed');
  // The model still to download before the first run: shown, with its size, instead of starting.
  const [firstRun, setFirstRun] = useState<EnginePlan | null>(null);

  const openSession = useCallback((id: string, question = '') => {
    setCurrent({ kind: 'session', id, question });
    setTab('research');
  }, []);

  const pickIntent = useCallback(
    (intent: ResearchIntent) => {
      setDraft(draftFromIntent(intent, t));
      setTab('research');
      document.getElementById('question')?.focus();
    },
    [t],
  );

  useEffect(() => {
    // A run outlives the panel: reattach to it when the panel opens again.
    client
      .send('runner.active', {})
      .then(({ sessionIds }) => {
        setActiveIds(sessionIds);
        const first = sessionIds[0];
        if (first) setCurrent((c) => c ?? { kind: 'session', id: first, question: '' });
      })
      .catch(() => undefined);
    const stopIntents = services.watchIntents(pickIntent);
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
  }, [services, client, pickIntent]);

  /** Whether the model must be downloaded first; then the first-run explanation is shown instead. */
  const needsDownload = async (): Promise<boolean> => {
    const state = status.engine?.state;
    if (state === 'ready' || state === 'loading') return false;
    const plan = await client.send('engine.plan', {}).catch(() => null);
    if (!plan?.downloadBytes) return false;
    setFirstRun(plan);
    return true;
  };

  /** `pastGate`: the site-access explanation was just answered, so do not check it again. */
  const start = async (pastGate = false, downloaded = false) => {
    setBusy(true);
    setError(null);
    try {
      if (!pastGate && gate !== 'skipped' && !(await gateSatisfied(services))) {
        setGate('ask');
        return;
      }
      if (!downloaded && (await needsDownload())) return;
      const question = draft.question.trim();
      const { sessionId } = await client.send('runner.start', startRequest(draft));
      setDraft(EMPTY_DRAFT);
      setActiveIds((ids) => [...ids, sessionId]);
      openSession(sessionId, question);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
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

  return (
    <main class="panel">
      <header class="panel-header">
        <h1>Sleuth</h1>
        <nav class="tabs" aria-label={t('navLabel')}>
          <button type="button" aria-pressed={tab === 'research'} onClick={() => setTab('research')}>
            {t('navResearch')}
          </button>
          <button
            type="button"
            aria-pressed={tab === 'history'}
            data-testid="open-history"
            onClick={() => setTab('history')}
          >
            {t('navHistory')}
          </button>
        </nav>
        <button type="button" class="link" onClick={() => services.openOptions()} data-testid="open-options">
          {t('openOptions')}
        </button>
      </header>
      <StatusLine status={status} t={t} />
      <SearchStatus services={services} />
      {/* The first-run explanation says the same and more while it is open. */}
      {firstRun ? null : <EngineNotice status={status} services={services} onError={setError} />}
      {error ? (
        <div class="banner error" role="alert" data-testid="error-banner">
          <p>{error}</p>
          <button type="button" class="link" onClick={() => setError(null)}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      {tab === 'research' ? (
        <>
          <QuestionBox
            draft={draft}
            busy={busy}
            onChange={setDraft}
            onStart={() => void start()}
            onResearchPage={() => void researchPage()}
            t={t}
          />
          {firstRun ? (
            <FirstRun
              plan={firstRun}
              t={t}
              onCancel={() => setFirstRun(null)}
              onDownload={() => {
                setFirstRun(null);
                // The download's progress shows in the engine notice; the run starts once it loads.
                client.send('engine.load', {}).then(
                  () => void start(true, true),
                  () => undefined,
                );
              }}
            />
          ) : null}
          {gate === 'ask' ? (
            <PermissionGate
              services={services}
              onStart={(granted) => {
                setGate(granted ? 'closed' : 'skipped');
                void start(true);
              }}
              onCancel={() => setGate('closed')}
            />
          ) : null}
          {note ? (
            <p class="note" role="status">
              {note}
            </p>
          ) : null}
          {current?.kind === 'session' ? (
            <SessionView
              key={current.id}
              services={services}
              id={current.id}
              question={current.question}
              onSwitch={(id) => openSession(id)}
              onError={setError}
            />
          ) : null}
          {current?.kind === 'import' ? (
            <ImportedView view={current.view} onClose={() => setCurrent(null)} t={t} />
          ) : null}
        </>
      ) : (
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
              setTab('research');
            },
            onError: setError,
          }}
        />
      )}
    </main>
  );
}
