import type { AgentStep } from '../../agent/types';
import type { LiveTurn } from '../session/session-state';
import { partialAction } from '../trajectory/partial-action';

// A closing tag (or the start of one) still being written at the end of the stream: "…</ans".
const OPEN_TAG_TAIL = /<\/?[a-z_]*$/i;

/** The answer as far as the model has written it, from the action text after `<answer>`. */
export function answerSoFar(action: string): string | null {
  const at = action.indexOf('<answer>');
  if (at < 0) return null;
  const body = action.slice(at + '<answer>'.length);
  const end = body.indexOf('</answer>');
  return (end >= 0 ? body.slice(0, end) : body.replace(OPEN_TAG_TAIL, '')).trim();
}

/**
 * What the panel shows as the answer while the run writes it: the live turn's answer text, then the
 * parsed answer step's until the cited answer (which takes a moment to check) replaces both.
 */
export function draftAnswer(
  live: LiveTurn | null,
  steps: readonly AgentStep[],
  running: boolean,
): string | null {
  if (!running) return null;
  if (live && partialAction(live.action).kind === 'answer') return answerSoFar(live.action);
  const last = steps.at(-1);
  return last && (!live || live.seq <= last.seq) && last.action.kind === 'answer' ? last.action.text : null;
}
