import type { ChatMessage } from '../llm/engine';
import type { TokenMeter } from './budget';
import { type ConversationBase, renderConversation } from './conversation';
import type { DigestOptions } from './digest';
import { chooseFold } from './fold';
import type { AgentSettings, ResolvedBudget } from './settings';
import type { AgentStep, FoldPoint } from './types';

export interface Fitted {
  messages: ChatMessage[];
  promptTokens: number;
  fold: FoldPoint;
  /** The fold changed to make this request fit. */
  folded: boolean;
  /** Size before the fold, when there was one. */
  beforeTokens: number;
}

/**
 * The next request, folded when it would not leave room for the reply; null when not even the
 * system prompt and question fit. With the no-fold policy the loop has already swapped the newest
 * result for the request to answer, so a fold here is the one way left to ask for that answer.
 */
export async function fitRequest(c: {
  base: ConversationBase;
  steps: readonly AgentStep[];
  fold: FoldPoint;
  budget: ResolvedBudget;
  settings: AgentSettings;
  digest: DigestOptions;
  meter: TokenMeter;
  /** The no-fold policy's request for the answer: sent as it is while half a reply's room is left. */
  answerRequest?: boolean;
}): Promise<Fitted | null> {
  const messages = renderConversation(c.base, c.steps, c.fold, c.digest);
  const promptTokens = await c.meter.prompt(messages);
  const limit = c.answerRequest
    ? c.budget.window - Math.floor(c.budget.maxTokens / 2)
    : c.budget.promptBudget;
  if (promptTokens <= limit)
    return { messages, promptTokens, fold: c.fold, folded: false, beforeTokens: promptTokens };
  const choice = await chooseFold({
    base: c.base,
    steps: c.steps,
    current: c.fold,
    target: Math.floor(c.budget.promptBudget * c.settings.foldTarget),
    limit: c.budget.promptBudget,
    dropTarget: c.settings.dropTarget,
    keepRecent: c.settings.keepRecentSteps,
    digest: c.digest,
    meter: c.meter,
  });
  if (!choice) return null;
  const folded = renderConversation(c.base, c.steps, choice.fold, c.digest);
  c.meter.retain(folded);
  return {
    messages: folded,
    promptTokens: choice.tokens,
    fold: choice.fold,
    folded: true,
    beforeTokens: promptTokens,
  };
}
