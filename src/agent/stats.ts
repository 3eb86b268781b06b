import type { AgentStats, AgentStep } from './types';

/** Figures of a run, derived from its steps alone so a resumed run reports the whole history. */
export function computeStats(steps: readonly AgentStep[]): AgentStats {
  let searches = 0;
  let visits = 0;
  let duplicates = 0;
  let retries = 0;
  let parseFailures = 0;
  let folds = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  let prefillTokens = 0;
  let peakContextTokens = 0;
  let elapsedMs = 0;
  for (const s of steps) {
    if (s.duplicateOf !== null) duplicates++;
    else if (s.call && s.observation !== null) {
      if (s.call.name === 'search') searches++;
      else visits++;
    }
    if (s.action.kind === 'invalid') parseFailures++;
    if (s.folded) folds++;
    retries += Math.max(0, s.attempts - 1);
    tokensIn += s.tokens.prompt;
    tokensOut += s.tokens.completion;
    prefillTokens += s.tokens.prefill;
    peakContextTokens = Math.max(peakContextTokens, s.tokens.prompt + s.tokens.reply);
    if (s.finishedAt !== null) elapsedMs += Math.max(0, s.finishedAt - s.startedAt);
  }
  const last = steps[steps.length - 1];
  const calls = searches + visits;
  return {
    steps: steps.length,
    searches,
    visits,
    browseShare: calls ? visits / calls : 0,
    duplicates,
    retries,
    parseFailures,
    folds,
    tokensIn,
    tokensOut,
    prefillTokens,
    peakContextTokens,
    contextTokens: last ? last.tokens.prompt + last.tokens.reply : 0,
    elapsedMs,
  };
}
