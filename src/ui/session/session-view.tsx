import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RunError } from '../../errors/run-error';
import { draftAnswer } from '../answer/answer-draft';
import { AnswerView, votesOf } from '../answer/answer-view';
import { savedStepLimit } from '../answer/forced-note';
import { StreamingAnswer } from '../answer/streaming-answer';
import { suggestFollowUps } from '../answer/suggest-follow-ups';
import { ExportBar } from '../export/export-bar';
import type { UiServices } from '../shared/services';
import { statsFromSteps } from '../trajectory/format-stats';
import { Trail } from '../trajectory/trail';
import { type ControlActions, Controls } from './controls';
import { EarlierThread } from './earlier-thread';
import { FollowUpBox } from './follow-up-box';
import { RunState } from './run-state';
import { pendingSendOf, SendApproval, type SendChoice } from './send-approval';
import { SessionErrors } from './session-errors';
import { SuggestedFollowUps } from './suggested-follow-ups';
import { useSession } from './use-session';

const STEER = /^Note from the user:\s*/;

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
}: {
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
}) {
  const { t, client } = services;
  const view = useSession(services, id, question);
  const running = view.status === 'running';
  const [answering, setAnswering] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  // Memoized so a streamed frame (which changes only `view.live`) keeps the same stats object and the
  // memoized header skips it; statsFromSteps walks every step.
  const stats = useMemo(() => view.stats ?? statsFromSteps(view.steps), [view.stats, view.steps]);
  // The moment the current figures were taken, so elapsed time can keep counting between events.
  const statsAt = useMemo(() => Date.now(), [stats]);
  const trailDefault = useCallback(async () => (await services.settings.load()).exportTrail, [services]);
  // Callbacks below are stable per session so the memoized controls and step list skip streamed frames.
  const actions = useMemo<ControlActions>(() => {
    const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
    return {
      stop: () => {
        setStopping(true);
        client.send('runner.stop', { sessionId: id }).catch((e: unknown) => {
          setStopping(false);
          fail(e);
        });
      },
      answerNow: () => {
        setAnswering(true);
        client.send('runner.answerNow', { sessionId: id }).catch((e: unknown) => {
          setAnswering(false);
          fail(e);
        });
      },
      steer: async (note: string) => {
        try {
          const { accepted } = await client.send('runner.steer', { sessionId: id, note });
          if (accepted) setNotes((n) => [...n, note.trim()]);
          return accepted;
        } catch (e) {
          fail(e);
          return false;
        }
      },
    };
  }, [client, id, onError]);
  useEffect(() => {
    if (running) return;
    setAnswering(false);
    setStopping(false);
  }, [running]);
  // A note stays "waiting" in the trail until a step carries it to the model.
  const pendingNotes = useMemo(() => {
    const given = view.steps.flatMap((s) =>
      s.notes.filter((n) => n.kind === 'steer').map((n) => n.text.replace(STEER, '')),
    );
    return running ? notes.filter((n) => !given.includes(n)) : [];
  }, [notes, view.steps, running]);
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const retry = useCallback(
    (seq: number) =>
      void client.send('runner.retryFrom', { sessionId: id, seq }).then(
        (r) => onSwitch(r.sessionId),
        (e: unknown) => onError(e instanceof Error ? e.message : String(e)),
      ),
    [client, id, onSwitch, onError],
  );
  const resume = () =>
    void client.send('runner.resume', { sessionId: id }).then((r) => onSwitch(r.sessionId), fail);
  const pending = running ? pendingSendOf(view.session?.pendingApproval) : null;
  const answerSend = useCallback(
    (requestId: string, answer: SendChoice) =>
      client.send('runner.approve', { sessionId: id, requestId, answer }).then(() => undefined, fail),
    [client, id],
  );
  const canRetry = !running && !view.readOnly && view.status !== 'unknown';
  const answerText = view.answer?.text;
  const draft = answerText === undefined ? draftAnswer(view.live, view.steps, running) : null;

  // When the run ends with an answer, bring the answer (at the top of the session) into view.
  const top = useRef<HTMLElement>(null);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && answerText !== undefined) {
      wasRunning.current = false;
      top.current?.scrollIntoView({ block: 'start' });
    }
  }, [running, answerText]);

  const followUpOf = view.session?.followUpOf;
  const suggestions = useMemo(() => {
    const cited = view.answer?.citations?.sources ?? [];
    const read = view.steps.flatMap((s) => s.sources);
    return suggestFollowUps(view.question, [...cited, ...read], t);
  }, [view.answer, view.steps, view.question, t]);
  const openOptionsAt = useCallback((section: string) => services.openOptions(section), [services]);
  const partial = view.partial
    ? { turn: view.partial, how: view.status === 'stopped' ? ('stopped' as const) : ('failed' as const) }
    : null;
  return (
    <section class="session" aria-labelledby="session-title" data-status={view.status} ref={top}>
      <div class="session-head">
        {followUpOf ? (
          <EarlierThread services={services} followUpOf={followUpOf} onOpen={onOpenSession} />
        ) : null}
        {headAction}
        <h2 id="session-title" class="session-question">
          {view.question}
        </h2>
      </div>
      <p class="visually-hidden" role="status" aria-live="polite">
        {running
          ? view.live
            ? t('liveAnnounce', String(view.live.seq + 1))
            : t('sessionRunning')
          : t(`sessionStatus_${view.status}`)}
      </p>
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
      {answerText !== undefined ? (
        <AnswerView
          text={answerText}
          citations={view.answer?.citations ?? null}
          forced={view.answer?.forced ?? false}
          steps={view.steps}
          stepLimit={savedStepLimit(view.session?.settings)}
          votes={votesOf(view.session?.stats)}
          model={view.session?.model}
          t={t}
        />
      ) : draft ? (
        <StreamingAnswer text={draft} steps={view.steps} t={t} />
      ) : null}
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
      {!running && (view.steps.length > 0 || answerText !== undefined) ? (
        <ExportBar view={view} t={t} trailDefault={trailDefault} />
      ) : null}
      {!running && answerText !== undefined && onFollowUp && !view.readOnly ? (
        <>
          <SuggestedFollowUps suggestions={suggestions} onAsk={onFollowUp} t={t} />
          <FollowUpBox onAsk={onFollowUp} t={t} />
        </>
      ) : null}
    </section>
  );
}
