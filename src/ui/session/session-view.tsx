import { useCallback, useMemo } from 'preact/hooks';
import { AnswerView, votesOf } from '../answer/answer-view';
import { ExportBar } from '../export/export-bar';
import type { UiServices } from '../shared/services';
import { statsFromSteps } from '../trajectory/format-stats';
import { StatsHeader } from '../trajectory/stats-header';
import { TrajectoryList } from '../trajectory/trajectory-list';
import { type ControlActions, Controls } from './controls';
import { SessionErrors } from './session-errors';
import { useSession } from './use-session';

export function SessionView({
  services,
  id,
  question,
  onSwitch,
  onError,
}: {
  services: UiServices;
  id: string;
  question: string;
  /** Resume or retry may continue under a new session id. */
  onSwitch: (id: string) => void;
  onError: (message: string) => void;
}) {
  const { t, client } = services;
  const view = useSession(services, id, question);
  const running = view.status === 'running';
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
      stop: () => void client.send('runner.stop', { sessionId: id }).catch(fail),
      answerNow: () => void client.send('runner.answerNow', { sessionId: id }).catch(fail),
      steer: async (note: string) => {
        try {
          return (await client.send('runner.steer', { sessionId: id, note })).accepted;
        } catch (e) {
          fail(e);
          return false;
        }
      },
    };
  }, [client, id, onError]);
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
  const canRetry = !running && !view.readOnly && view.status !== 'unknown';
  const answerText = view.answer?.text;
  return (
    <section class="session" aria-labelledby="session-title" data-status={view.status}>
      <h2 id="session-title" class="session-question">
        {view.question}
      </h2>
      <StatsHeader stats={stats} running={running} since={statsAt} t={t} />
      <p class="visually-hidden" role="status" aria-live="polite">
        {running
          ? view.live
            ? t('liveAnnounce', String(view.live.seq + 1))
            : t('sessionRunning')
          : t(`sessionStatus_${view.status}`)}
      </p>
      {running ? <Controls actions={actions} t={t} /> : null}
      {!running &&
      canRetry &&
      (view.status === 'stopped' || view.status === 'error' || view.status === 'paused') ? (
        <button type="button" data-testid="continue" onClick={resume}>
          {t('historyContinue')}
        </button>
      ) : null}
      <SessionErrors errors={view.errors} t={t} />
      <TrajectoryList steps={view.steps} live={view.live} t={t} onRetry={canRetry ? retry : undefined} />
      {answerText !== undefined ? (
        <AnswerView
          text={answerText}
          citations={view.answer?.citations ?? null}
          forced={view.answer?.forced ?? false}
          steps={view.steps}
          votes={votesOf(view.session?.stats)}
          t={t}
        />
      ) : null}
      {view.steps.length > 0 || answerText !== undefined ? (
        <ExportBar view={view} t={t} trailDefault={trailDefault} />
      ) : null}
    </section>
  );
}
