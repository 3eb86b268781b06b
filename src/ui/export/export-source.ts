import type { AgentStep } from '../../agent/types';
import { sessionToMarkdown, sessionToTrajectory, systemPromptFor } from '../../export';
import { toJson } from '../../store/json';
import type { SessionRecord } from '../../store/records';
import { errorLine } from '../errors/error-words';
import type { SessionView } from '../session/session-state';
import type { Translate } from '../shared/translate';

/** The session record as export sees it: the stored one, updated with what live events added. */
function sessionForExport(view: SessionView, now = Date.now()): SessionRecord {
  const base: SessionRecord = view.session ?? {
    id: view.id,
    question: view.question,
    origin: 'ask',
    status: view.status === 'unknown' ? 'running' : view.status,
    createdAt: view.steps[0]?.startedAt || now,
    updatedAt: now,
    settings: {},
  };
  if (!view.answer) return base;
  return {
    ...base,
    answer: view.answer.text,
    ...(view.answer.citations ? { citations: toJson(view.answer.citations) } : {}),
  };
}

/** The session as markdown; errors read as the panel words them, in the user's language. */
export function viewToMarkdown(view: SessionView, trail: boolean, t: Translate): string {
  return sessionToMarkdown(sessionForExport(view), view.steps, { trail, wordError: (e) => errorLine(e, t) });
}

export function viewToTrajectoryJson(view: SessionView): string {
  const session = sessionForExport(view);
  const steps: readonly AgentStep[] = view.steps;
  const prompt = view.systemPrompt ?? systemPromptFor(session);
  return `${JSON.stringify(sessionToTrajectory(session, steps, prompt), null, 2)}\n`;
}
