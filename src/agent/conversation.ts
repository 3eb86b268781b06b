import type { ChatMessage } from '../llm/engine';
import { digestAssistant, digestUserTurn } from './digest';
import { toolResponseTurn } from './observation-format';
import type { AgentStep, FoldPoint } from './types';

/**
 * The conversation is a pure function of (system prompt, question, steps, fold point), so a resumed
 * run rebuilds byte-for-byte what was sent before, and between folds it only ever grows.
 */
export interface ConversationBase {
  systemPrompt: string;
  question: string;
}

export const NO_FOLD: FoldPoint = { digestBefore: 0, dropBefore: 0 };

export function renderConversation(
  base: ConversationBase,
  steps: readonly AgentStep[],
  fold: FoldPoint,
  hitsPerQuery: number,
): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: base.systemPrompt },
    { role: 'user', content: base.question },
  ];
  for (const step of steps) {
    if (step.seq < fold.dropBefore) continue;
    const digest = step.seq < fold.digestBefore;
    messages.push({ role: 'assistant', content: digest ? digestAssistant(step) : step.raw });
    if (step.observation === null) continue;
    messages.push({
      role: 'user',
      content: digest ? digestUserTurn(step, hitsPerQuery) : toolResponseTurn(step.observation, step.notes),
    });
  }
  return messages;
}
