import type { ChatMessage } from '../llm/engine';
import { DEFAULT_TEXTS, fillText } from '../profiles/prompt-texts';
import { type DigestOptions, digestAssistant, digestUserTurn } from './digest';
import { toolResponseTurn } from './observation-format';
import type { AgentStep, FoldPoint, StepNote } from './types';

/**
 * The conversation is a pure function of (system prompt, question, steps, fold point), so a resumed
 * run rebuilds byte-for-byte what was sent before, and between folds it only ever grows.
 */
export interface ConversationBase {
  systemPrompt: string;
  question: string;
}

export const NO_FOLD: FoldPoint = { digestBefore: 0, dropBefore: 0 };

export const DEFAULT_DIGEST: DigestOptions = {
  style: 'trained',
  hitsPerQuery: 3,
  texts: DEFAULT_TEXTS,
  searchErrorField: true,
};

/**
 * A step whose notes hold the context-limit request (no-fold policy) shows that request in place
 * of its result: the window had no room left for the result.
 */
export function withheld(step: AgentStep): boolean {
  return step.notes.some((n) => n.kind === 'context-limit');
}

function resultTurn(step: AgentStep, extra: StepNote | null): string {
  const notes = extra ? [...step.notes, extra] : step.notes;
  if (!withheld(step)) return toolResponseTurn(step.observation ?? '', notes);
  const steer = notes.filter((n) => n.kind === 'steer' || n.kind === 'dropped');
  const limit = notes.filter((n) => n.kind === 'context-limit').map((n) => n.text);
  return toolResponseTurn(limit.join('\n\n'), steer);
}

export function renderConversation(
  base: ConversationBase,
  steps: readonly AgentStep[],
  fold: FoldPoint,
  digest: DigestOptions = DEFAULT_DIGEST,
): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: base.systemPrompt },
    { role: 'user', content: base.question },
  ];
  // The first tool result after steps a fold left out says so (rewritten anyway by that fold).
  let gap: StepNote | null =
    fold.dropBefore > 0
      ? {
          kind: 'dropped',
          text: fillText(digest.texts.dropped, {
            first: 1,
            last: fold.dropBefore,
            count: fold.dropBefore,
          }),
        }
      : null;
  for (const step of steps) {
    if (step.seq < fold.dropBefore) continue;
    const digested = step.seq < fold.digestBefore;
    messages.push({ role: 'assistant', content: digested ? digestAssistant(step, digest.style) : step.raw });
    if (step.observation === null && !withheld(step)) continue;
    const extra = gap;
    gap = null;
    messages.push({
      role: 'user',
      content: digested && !withheld(step) ? digestUserTurn(step, digest, extra) : resultTurn(step, extra),
    });
  }
  return messages;
}
