import { isAbortError } from '../llm/abort';
import type { AgentTools, SearchResult, ToolContext, VisitResult } from './deps';
import { formatSearchObservation, formatVisitObservation, parseVisitFrames } from './observation-format';
import type { ToolCall } from './types';

export interface ToolOutcome {
  observation: string;
  sources: Array<{ url: string; title: string }>;
  /** Set when the tool failed; the observation then tells the model so, and the run goes on. */
  error: string | null;
}

export async function runTool(tools: AgentTools, call: ToolCall, ctx: ToolContext): Promise<ToolOutcome> {
  try {
    const verbatim = tools.observe ? await tools.observe(call, ctx) : null;
    if (typeof verbatim === 'string') {
      const sources =
        call.name === 'visit' ? parseVisitFrames(verbatim).map((f) => ({ url: f.url, title: '' })) : [];
      return { observation: verbatim, sources, error: null };
    }
    if (call.name === 'search') {
      const results = await tools.search(call.arguments.query, { signal: ctx.signal });
      return { observation: formatSearchObservation(cleanSearch(results)), sources: [], error: null };
    }
    const { url, goal } = call.arguments;
    const results = cleanVisit(await tools.visit(url, goal, { signal: ctx.signal, question: ctx.question }));
    const sources = results.filter((r) => r.ok).map((r) => ({ url: r.url, title: r.title }));
    return { observation: formatVisitObservation(results, goal), sources, error: null };
  } catch (err) {
    if (ctx.signal.aborted || isAbortError(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    return { observation: failureObservation(call, message), sources: [], error: message };
  }
}

function failureObservation(call: ToolCall, message: string): string {
  if (call.name === 'search') {
    return formatSearchObservation(
      call.arguments.query.map((query) => ({ query, hits: [], error: message })),
    );
  }
  const failed = call.arguments.url.map((url) => ({
    url,
    title: '',
    ok: false,
    evidence: '',
    summary: '',
    reason: message,
  }));
  return formatVisitObservation(failed, call.arguments.goal);
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');

/** Tool results come from page data and remote APIs: keep only well-typed fields. */
function cleanSearch(results: unknown): SearchResult[] {
  if (!Array.isArray(results)) return [];
  return results.map((r: Partial<SearchResult>) => {
    const hits = Array.isArray(r?.hits) ? r.hits : [];
    const out: SearchResult = {
      query: str(r?.query),
      hits: hits.map((h) => ({
        title: str(h?.title),
        url: str(h?.url),
        snippet: str(h?.snippet),
        date: typeof h?.date === 'string' ? h.date : undefined,
      })),
    };
    if (r?.error) out.error = str(r.error);
    return out;
  });
}

function cleanVisit(results: unknown): VisitResult[] {
  if (!Array.isArray(results)) return [];
  return results.map((r: Partial<VisitResult>) => ({
    url: str(r?.url),
    title: str(r?.title),
    ok: r?.ok === true,
    evidence: str(r?.evidence),
    summary: str(r?.summary),
    reason: r?.reason === undefined ? undefined : str(r.reason),
  }));
}
