import * as v from 'valibot';
import { SearchFailureSchema } from '../errors/search-error-info';
import { isAbortError } from '../llm/abort';
import type { AgentTools, ToolContext } from './deps';
import { isInterruption } from './interruption';
import { type FailureTexts, formatSearchObservation, formatVisitObservation } from './observation-format';
import { parseVisitFrames } from './observation-parse';
import {
  failedVisit,
  type PageReadVia,
  type SearchResult,
  type StepResult,
  VISIT_FAIL_CODES,
  type VisitFailCode,
  type VisitResult,
} from './step-result';
import type { ToolCall } from './types';

export interface ToolOutcome {
  observation: string;
  /** The results the observation was built from; null for a recorded observation replayed verbatim. */
  result: StepResult | null;
  sources: Array<{ url: string; title: string }>;
  /** Set when the tool failed; the observation then tells the model so, and the run goes on. */
  error: string | null;
}

export interface FormatContext {
  texts?: FailureTexts;
  searchErrorField?: boolean;
}

export async function runTool(
  tools: AgentTools,
  call: ToolCall,
  ctx: ToolContext & FormatContext,
): Promise<ToolOutcome> {
  const searchOpts = { errorField: ctx.searchErrorField ?? true };
  const toolCtx: ToolContext = { signal: ctx.signal, question: ctx.question, seq: ctx.seq };
  try {
    const verbatim = tools.observe ? await tools.observe(call, toolCtx) : null;
    if (typeof verbatim === 'string') {
      const sources =
        call.name === 'visit' ? parseVisitFrames(verbatim).map((f) => ({ url: f.url, title: '' })) : [];
      return { observation: verbatim, result: null, sources, error: null };
    }
    if (call.name === 'search') {
      const searches = cleanSearch(await tools.search(call.arguments.query, { signal: ctx.signal }));
      return {
        observation: formatSearchObservation(searches, searchOpts),
        result: { tool: 'search', searches },
        sources: [],
        error: null,
      };
    }
    const { url, goal } = call.arguments;
    const pages = cleanVisit(await tools.visit(url, goal, { signal: ctx.signal, question: ctx.question }));
    const sources = pages.filter((r) => r.ok).map((r) => ({ url: r.url, title: r.title }));
    return {
      observation: formatVisitObservation(pages, goal, ctx.texts),
      result: { tool: 'visit', goal, pages },
      sources,
      error: null,
    };
  } catch (err) {
    if (ctx.signal.aborted || isAbortError(err) || isInterruption(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    const result = failureResult(call, message);
    const observation =
      result.tool === 'search'
        ? formatSearchObservation(result.searches, searchOpts)
        : formatVisitObservation(result.pages, result.goal, ctx.texts);
    return { observation, result, sources: [], error: message };
  }
}

function failureResult(call: ToolCall, message: string): StepResult {
  if (call.name === 'search') {
    return {
      tool: 'search',
      searches: call.arguments.query.map((query) => ({ query, hits: [], error: message })),
    };
  }
  const pages = call.arguments.url.map((url) => failedVisit(url, message));
  return { tool: 'visit', goal: call.arguments.goal, pages };
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const VIA: readonly unknown[] = ['open-tab', 'new-tab', 'fetch', 'cache'] satisfies PageReadVia[];

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
        ...(typeof h?.date === 'string' && h.date ? { date: h.date } : {}),
      })),
    };
    if (r?.error) out.error = str(r.error);
    const info = v.safeParse(SearchFailureSchema, r?.errorInfo);
    if (info.success) out.errorInfo = info.output;
    return out;
  });
}

const visitFailCode = (x: unknown): VisitFailCode | undefined => VISIT_FAIL_CODES.find((c) => c === x);

/** A failed page always carries its reason (an empty one becomes the generic wording when shown). */
function cleanVisit(results: unknown): VisitResult[] {
  if (!Array.isArray(results)) return [];
  return results.map((r: Partial<VisitResult>) => {
    const url = str(r?.url);
    if (r?.ok !== true) return failedVisit(url, str(r?.reason), visitFailCode(r?.reasonCode));
    const page: VisitResult = {
      url,
      title: str(r.title),
      ok: true,
      evidence: str(r.evidence),
      summary: str(r.summary),
    };
    if (typeof r.finalUrl === 'string' && r.finalUrl) page.finalUrl = r.finalUrl;
    if (typeof r.readAt === 'number' && Number.isFinite(r.readAt)) page.readAt = r.readAt;
    if (VIA.includes(r.via)) page.via = r.via;
    if (typeof r.summaryNote === 'string' && r.summaryNote) page.summaryNote = r.summaryNote;
    if (typeof r.readNote === 'string' && r.readNote) page.readNote = r.readNote;
    return page;
  });
}
