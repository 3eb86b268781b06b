import type { AgentStats, AgentStep } from '../../agent/types';

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function formatCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(Math.round(n));
}

/** Counts from the steps alone, for runs whose stats event has not arrived (or older records). */
export function statsFromSteps(steps: readonly AgentStep[]): AgentStats {
  let searches = 0;
  let visits = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  let duplicates = 0;
  for (const s of steps) {
    if (s.action.kind === 'search') searches += 1;
    if (s.action.kind === 'visit') visits += 1;
    if (s.duplicateOf !== null) duplicates += 1;
    tokensIn += s.tokens.prompt;
    tokensOut += s.tokens.completion;
  }
  const first = steps[0]?.startedAt;
  const last = steps.at(-1);
  const end = last ? (last.finishedAt ?? last.startedAt) : undefined;
  return {
    steps: steps.length,
    searches,
    visits,
    browseShare: searches + visits > 0 ? visits / (searches + visits) : 0,
    duplicates,
    retries: 0,
    parseFailures: steps.filter((s) => s.action.kind === 'invalid').length,
    folds: steps.filter((s) => s.folded).length,
    tokensIn,
    tokensOut,
    prefillTokens: 0,
    peakContextTokens: 0,
    contextTokens: 0,
    elapsedMs: first !== undefined && end !== undefined ? Math.max(0, end - first) : 0,
  };
}

export interface StatItem {
  key: string;
  /** Message key of the label. */
  label: string;
  value: string;
  /** Message key and values of a hover text that says what a figure means, where its label cannot. */
  title?: { key: string; subs: string[] };
}

/** The header figures; `elapsedMs` is passed separately so a running session can tick. */
export function statItems(stats: AgentStats, elapsedMs: number): StatItem[] {
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 && stats.tokensOut > 0 ? stats.tokensOut / seconds : 0;
  const actions = stats.searches + stats.visits;
  return [
    { key: 'steps', label: 'statSteps', value: String(stats.steps) },
    { key: 'searches', label: 'statSearches', value: String(stats.searches) },
    { key: 'visits', label: 'statVisits', value: String(stats.visits) },
    {
      key: 'browse',
      label: 'statBrowseShare',
      value: `${Math.round(stats.browseShare * 100)}%`,
      // A bare percentage does not say of what: the counts behind it do.
      ...(actions > 0
        ? { title: { key: 'statBrowseShareTitle', subs: [String(stats.visits), String(actions)] } }
        : {}),
    },
    { key: 'tokens', label: 'statTokens', value: formatCount(stats.tokensIn + stats.tokensOut) },
    { key: 'rate', label: 'statTokensPerSecond', value: rate > 0 ? rate.toFixed(rate >= 10 ? 0 : 1) : '–' },
    { key: 'elapsed', label: 'statElapsed', value: formatDuration(elapsedMs) },
  ];
}
