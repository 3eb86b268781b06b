import type { RoomHandlers } from '../messaging/handlers';
import type { ResearchRunner } from '../runner/runner';

/** The runner room: start, control and resume research runs. */
export function createRunnerHandlers(runner: Promise<ResearchRunner>): RoomHandlers<'runner'> {
  return {
    'runner.start': async (req) => (await runner).start(req),
    'runner.stop': async (req) => ({ stopped: (await runner).stop(req.sessionId) }),
    'runner.answerNow': async (req) => ({ accepted: (await runner).answerNow(req.sessionId) }),
    'runner.steer': async (req) => ({ accepted: (await runner).steer(req.sessionId, req.note) }),
    'runner.resume': async (req) => (await runner).resume(req.sessionId),
    'runner.retryFrom': async (req) => (await runner).retryFrom(req.sessionId, req.seq),
    'runner.approve': async (req) => ({
      accepted: (await runner).approve(req.sessionId, req.requestId, req.answer),
    }),
    'runner.active': async () => ({ sessionIds: (await runner).activeIds() }),
  };
}
