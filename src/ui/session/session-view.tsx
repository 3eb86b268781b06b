import type { ComponentChildren } from 'preact';
import { useCallback, useMemo } from 'preact/hooks';
import type { RunError } from '../../errors/run-error';
import type { UiServices } from '../shared/services';
import { statsFromSteps } from '../trajectory/format-stats';
import { Trail } from '../trajectory/trail';
import { Controls } from './controls';
import { RunState } from './run-state';
import { pendingSendOf, SendApproval } from './send-approval';
import { SessionErrors } from './session-errors';
import {
  LiveAnnounce,
  SessionAnswer,
  SessionEnd,
  SessionHead,
  useAnswerIntoView,
  useRunActions,
  useSessionMoves,
} from './session-parts';
import { useSession } from './use-session';

interface SessionViewProps {
  services: UiServices;
  id: string;
  question: string;
  /** Resume or retry may continue under a new session id. */
  onSwitch: (id: string) => void;
  onError: (message: string) => void;
  /** Starts a follow-up question in this thread; absent where no new run may start. */
  onFollowUp?: ((question: string) => Promise<boolean>) | undefined;
  /** Opens another session (the one this follows up on). */
  onOpenSession?: ((id: string) => void) | undefined;
  /** Shown at the end of the question's first line ("+ New question"). */
  headAction?: ComponentChildren;
  /** The engine's problem, when the panel's notice above shows it in full. */
  engineProblem?: RunError | undefined;
}

export function SessionView({
  services,
  id,
  question,
  onSwitch,
  onError,
  onFollowUp,
  onOpenSession,
  headAction,
  engineProblem,
}: SessionViewProps) {
  const { t } = services;
  const view = useSession(services, id, question);
  const running = view.status === 'running';
  const { actions, answering, stopping, pendingNotes } = useRunActions(services, id, view, onError);
  // Memoized so a streamed frame (which changes only `view.live`) keeps the same stats object and the
  // memoized header skips it; statsFromSteps walks every step.
  const stats = useMemo(() => view.stats ?? statsFromSteps(view.steps), [view.stats, view.steps]);
  // The moment the current figures were taken, so elapsed time can keep counting between events.
  const statsAt = useMemo(() => Date.now(), [stats]);
  const trailDefault = useCallback(async () => (await services.settings.load()).exportTrail, [services]);
  const { retry, resume, answerSend } = useSessionMoves(services, id, onSwitch, onError);
  const pending = running ? pendingSendOf(view.session?.pendingApproval) : null;
  const canRetry = !running && !view.readOnly && view.status !== 'unknown';
  const answerText = view.answer?.text;

  const top = useAnswerIntoView(running, answerText);

  const openOptionsAt = useCallback((section: string) => services.openOptions(section), [services]);
  const partial = view.partial
    ? { turn: view.partial, how: view.status === 'stopped' ? ('stopped' as const) : ('failed' as const) }
    : null;
  return (
    <section class="session" aria-labelledby="session-title" data-status={view.status} ref={top}>
      <SessionHead
        services={services}
        question={view.question}
        followUpOf={view.session?.followUpOf}
        onOpenSession={onOpenSession}
        headAction={headAction}
      />
      <LiveAnnounce view={view} t={t} />
      {running ? <Controls actions={actions} stopping={stopping} answering={answering} t={t} /> : null}
      <RunState view={view} answering={answering} stopping={stopping} waiting={pending !== null} t={t} />
      {pending ? <SendApproval pending={pending} onAnswer={answerSend} t={t} /> : null}
      {!running &&
      canRetry &&
      (view.status === 'stopped' || view.status === 'error' || view.status === 'paused') ? (
        <button type="button" data-testid="continue" onClick={resume}>
          {t('historyContinue')}
        </button>
      ) : null}
      <SessionErrors errors={view.errors} onOpenOptions={openOptionsAt} shownAbove={engineProblem} t={t} />
      <SessionAnswer view={view} t={t} />
      <Trail
        steps={view.steps}
        live={view.live}
        partial={partial}
        stats={stats}
        statsAt={statsAt}
        running={running}
        answered={answerText !== undefined}
        pendingNotes={pendingNotes}
        answering={answering}
        onRetry={canRetry ? retry : undefined}
        t={t}
      />
      {running ? null : (
        <SessionEnd view={view} services={services} trailDefault={trailDefault} onFollowUp={onFollowUp} />
      )}
    </section>
  );
}
