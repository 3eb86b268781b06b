import type { SearchResult, VisitResult } from '../../agent/step-result';

/**
 * How much one tool call may ask for. The reference model sends one query or URL per call (all 310
 * calls of the shared DR-Venus trajectories), so these leave room; without them one injected call
 * with 100,000 URLs queues 100,000 tab reads. What is dropped is said in the tool response itself,
 * so the model can send what matters in its next call.
 */
export const MAX_QUERIES_PER_CALL = 8;
export const MAX_URLS_PER_CALL = 5;

export function capQueries(queries: readonly string[]): { run: string[]; dropped: SearchResult | null } {
  if (queries.length <= MAX_QUERIES_PER_CALL) return { run: [...queries], dropped: null };
  const rest = queries.length - MAX_QUERIES_PER_CALL;
  return {
    run: queries.slice(0, MAX_QUERIES_PER_CALL),
    dropped: {
      query: clip(queries[MAX_QUERIES_PER_CALL] ?? ''),
      hits: [],
      error: `Only the first ${MAX_QUERIES_PER_CALL} of ${queries.length} queries in one search call are searched; this one and the other ${rest - 1} (${rest} in all) were not searched. Search again with the few that matter most.`,
    },
  };
}

export function capUrls(urls: readonly string[]): { run: string[]; dropped: VisitResult | null } {
  if (urls.length <= MAX_URLS_PER_CALL) return { run: [...urls], dropped: null };
  const rest = urls.length - MAX_URLS_PER_CALL;
  return {
    run: urls.slice(0, MAX_URLS_PER_CALL),
    dropped: {
      url: clip(urls[MAX_URLS_PER_CALL] ?? ''),
      title: '',
      ok: false,
      evidence: '',
      summary: '',
      reason: `Only the first ${MAX_URLS_PER_CALL} of ${urls.length} URLs in one visit call are read; this one and the other ${rest - 1} (${rest} in all) were not visited. Visit again with the few that matter most.`,
    },
  };
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
