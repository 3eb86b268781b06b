import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { draftAnswer } from '../answer/answer-draft';
import { AnswerView, votesOf } from '../answer/answer-view';
import { savedStepLimit } from '../answer/forced-note';
import { StreamingAnswer } from '../answer/streaming-answer';
import { suggestFollowUps } from '../answer/suggest-follow-ups';
import { ExportBar } from '../export/export-bar';
import type { UiServices } from '../shared/services';
import type { Translate } from '../shared/translate';
import type { ControlActions } from './controls';
import { EarlierThread } from './earlier-thread';
import { FollowUpBox } from './follow-up-box';
import type { SendChoice } from './send-approval';
import type { SessionView as SessionState } from './session-state';
import { SuggestedFollowUps } from './suggested-follow-ups';

// The parts of a session's view (session-view.tsx): its head, the answer, what follows the run, and
// the hooks behind its buttons.

const STEER = /^Note from the user:\s*/;

/** Stop, answer now and steer, with whether the first two were asked and the notes sent. */
export function useRunActions(
  services: UiServices,
  id: string,
  view: SessionState,
  onError: (message: string) => void,
) {
  const { client } = services;
  const running = view.status === 'running';
  const [answering, setAnswering] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
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
  return { actions, answering, stopping, pendingNotes };
}

/**
 * When the run ends with an answer, brings the answer (at the top of the session) into view with the
 * panel's header still above it: aligning the session with the top of the window scrolled the header
 * (the status, the tabs and Options) out of view.
 */
export function useAnswerIntoView(running: boolean, answerText: string | undefined) {
  const top = useRef<HTMLElement>(null);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && answerText !== undefined) {
      wasRunning.current = false;
      const session = top.current;
      if (!session) return;
      // The header is the page's first block: the page at its top shows it with the session right
      // under it (past any notice). Only a session further down than half a screen goes to its start.
      const start = session.getBoundingClientRect().top + window.scrollY;
      if (start < window.innerHeight / 2) window.scrollTo({ top: 0 });
      else session.scrollIntoView({ block: 'start' });
    }
  }, [running, answerText]);
  return top;
}

/** The question, with the earlier questions of its thread above it and the head action beside it. */
export function SessionHead({
  services,
  question,
  followUpOf,
  onOpenSession,
  headAction,
}: {
  services: UiServices;
  question: string;
  followUpOf: string | undefined;
  onOpenSession?: ((id: string) => void) | undefined;
  headAction?: ComponentChildren;
}) {
  return (
    <div class="session-head">
      {followUpOf ? (
        <EarlierThread services={services} followUpOf={followUpOf} onOpen={onOpenSession} />
      ) : null}
      {headAction}
      <h2 id="session-title" class="session-question">
        {question}
      </h2>
    </div>
  );
}

/** Once the run is over: the export bar, and under an answer the suggested and typed follow-ups. */
export function SessionEnd({
  view,
  services,
  trailDefault,
  onFollowUp,
}: {
  view: SessionState;
  services: UiServices;
  trailDefault: () => Promise<boolean>;
  onFollowUp?: ((question: string) => Promise<boolean>) | undefined;
}) {
  const { t } = services;
  const answerText = view.answer?.text;
  const suggestions = useMemo(() => {
    const cited = view.answer?.citations?.sources ?? [];
    const read = view.steps.flatMap((s) => s.sources);
    return suggestFollowUps(view.question, [...cited, ...read], t);
  }, [view.answer, view.steps, view.question, t]);
  return (
    <>
      {view.steps.length > 0 || answerText !== undefined ? (
        <ExportBar view={view} t={t} trailDefault={trailDefault} />
      ) : null}
      {answerText !== undefined && onFollowUp && !view.readOnly ? (
        <>
          <SuggestedFollowUps suggestions={suggestions} onAsk={onFollowUp} t={t} />
          <FollowUpBox onAsk={onFollowUp} t={t} />
        </>
      ) : null}
    </>
  );
}

/** Retry from a step, continue a stopped run (each may go on under a new session id), answer a send approval. */
export function useSessionMoves(
  services: UiServices,
  id: string,
  onSwitch: (id: string) => void,
  onError: (message: string) => void,
) {
  const { client } = services;
  const fail = useCallback((e: unknown) => onError(e instanceof Error ? e.message : String(e)), [onError]);
  const retry = useCallback(
    (seq: number) =>
      void client.send('runner.retryFrom', { sessionId: id, seq }).then((r) => onSwitch(r.sessionId), fail),
    [client, id, onSwitch, fail],
  );
  const resume = () =>
    void client.send('runner.resume', { sessionId: id }).then((r) => onSwitch(r.sessionId), fail);
  const answerSend = useCallback(
    (requestId: string, answer: SendChoice) =>
      client.send('runner.approve', { sessionId: id, requestId, answer }).then(() => undefined, fail),
    [client, id, fail],
  );
  return { retry, resume, answerSend };
}

/** What screen readers hear of the run: the step under way, or how it ended. */
export function LiveAnnounce({ view, t }: { view: SessionState; t: Translate }) {
  return (
    <p class="visually-hidden" role="status" aria-live="polite">
      {view.status === 'running'
        ? view.live
          ? t('liveAnnounce', String(view.live.seq + 1))
          : t('sessionRunning')
        : t(`sessionStatus_${view.status}`)}
    </p>
  );
}

/** The answer with its citations once saved; before that, what the model has written of it so far. */
export function SessionAnswer({ view, t }: { view: SessionState; t: Translate }) {
  const answerText = view.answer?.text;
  if (answerText !== undefined) {
    return (
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
    );
  }
  const draft = draftAnswer(view.live, view.steps, view.status === 'running');
  return draft ? <StreamingAnswer text={draft} steps={view.steps} t={t} /> : null;
}
