import type { TokenMeter } from './budget';
import { type ConversationBase, renderConversation } from './conversation';
import type { DigestOptions } from './digest';
import type { AgentStep, FoldPoint } from './types';

export interface FoldRequest {
  base: ConversationBase;
  steps: readonly AgentStep[];
  current: FoldPoint;
  /** Aim: about half the prompt budget, so folds are rare and each one buys many turns. */
  target: number;
  /** Hard limit: the prompt budget (window minus the reply). */
  limit: number;
  /**
   * Leaving steps out rewrites everything after the question (a full re-prefill), so when it must
   * happen it goes further — down to this share of the target — leaving room for later folds that
   * only digest new steps and keep the cached prefix.
   */
  dropTarget: number;
  keepRecent: number;
  digest: DigestOptions;
  meter: TokenMeter;
}

export interface FoldChoice {
  fold: FoldPoint;
  tokens: number;
}

/**
 * One big fold: digest everything but the last few steps (digesting those too if needed), and
 * only if digests alone are still too big, leave out the oldest steps. Everything before the first
 * changed message keeps its cache, so digests of earlier folds are never rewritten.
 */
export async function chooseFold(req: FoldRequest): Promise<FoldChoice | null> {
  const n = req.steps.length;
  let withinLimit: FoldChoice | null = null;
  let withinTarget: FoldChoice | null = null;
  const measure = async (fold: FoldPoint, target: number): Promise<FoldChoice | null> => {
    const tokens = await req.meter.prompt(renderConversation(req.base, req.steps, fold, req.digest));
    if (tokens <= req.limit && !withinLimit) withinLimit = { fold, tokens };
    if (tokens <= req.target && !withinTarget) withinTarget = { fold, tokens };
    return tokens <= target ? { fold, tokens } : null;
  };
  const firstDigest = Math.min(n, Math.max(req.current.digestBefore, n - req.keepRecent));
  for (let d = firstDigest; d <= n; d++) {
    const hit = await measure({ digestBefore: d, dropBefore: req.current.dropBefore }, req.target);
    if (hit) return hit;
  }
  for (let drop = req.current.dropBefore + 1; drop <= n; drop++) {
    const hit = await measure({ digestBefore: n, dropBefore: drop }, req.target * req.dropTarget);
    if (hit) return hit;
  }
  // The system prompt and question alone may exceed the drop target: settle for the target, then the limit.
  return withinTarget ?? withinLimit;
}
