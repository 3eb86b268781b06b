import type { AgentTools } from '../../agent/deps';
import { isInterruption } from '../../agent/interruption';
import type { SearchResult, VisitResult } from '../../agent/step-result';
import { stripInvisible } from '../../security/invisible-text';
import { extractUrls } from '../../security/provenance';
import { DECLINED_SEARCH, DECLINED_VISIT } from '../../security/send-gate';
import { createLimiter } from '../browse/tabs/tab-reader';
import { searchFailureOf } from '../search/chain';
import { capQueries, capUrls } from './call-caps';
import { createPageReads, keyOf } from './page-reads';
import { createRunGuard, type RunGuard, refusal } from './run-guard';
import type { ToolContext, ToolDeps } from './tool-types';
import { failed } from './visit-helpers';

export type { PageText, ToolContext, ToolDeps } from './tool-types';

async function searchOne(
  deps: ToolDeps,
  guard: RunGuard,
  query: string,
  signal: AbortSignal,
): Promise<SearchResult> {
  try {
    const found = await deps.search.search(query, { signal });
    // Invisible characters in titles and snippets can smuggle instructions to the model.
    const hits = found.hits.map((h) => ({
      ...h,
      title: stripInvisible(h.title),
      snippet: stripInvisible(h.snippet),
    }));
    guard.seen.addAll(
      hits.map((h) => h.url),
      'search',
    );
    return { query, hits };
  } catch (err) {
    if (signal.aborted) throw err;
    const info = searchFailureOf(err);
    return {
      query,
      hits: [],
      error: err instanceof Error ? err.message : String(err),
      ...(info ? { errorInfo: info } : {}),
    };
  }
}

interface VisitParts {
  deps: ToolDeps;
  ctx: ToolContext;
  guard: RunGuard;
  readOnce: ReturnType<typeof createPageReads>['readOnce'];
}

async function visitOne(
  { deps, ctx, guard, readOnce }: VisitParts,
  url: string,
  href: string,
  goal: string,
  signal: AbortSignal,
): Promise<VisitResult> {
  try {
    const page = await readOnce(href, signal);
    if ('error' in page) return failed(url, page.error, page.code);
    guard.seen.add(page.finalUrl, 'page');
    guard.seen.addAll(page.links, 'page');
    if (page.via === 'open-tab' || deps.readsSignedIn?.(page.finalUrl)) guard.readPrivate(page);
    if (!page.markdown.trim()) return failed(url, 'The page has no readable text.');
    ctx.onPageRead?.({ url, finalUrl: page.finalUrl, markdown: page.markdown });
    const written: { evidence: string; summary: string; note?: string } = deps.writeEvidence
      ? await deps.writeEvidence(page.markdown, goal, ctx.question, signal)
      : deps.rank(page.markdown, goal, ctx.question);
    const { evidence, summary, note } = written;
    const { title, finalUrl, via, readAt, problem } = page;
    return {
      url,
      title,
      ok: true,
      evidence,
      summary,
      finalUrl,
      via,
      readAt,
      ...(note ? { summaryNote: note } : {}),
      ...(problem ? { readNote: problem } : {}),
    };
  } catch (err) {
    if (signal.aborted || isInterruption(err)) throw err;
    return failed(url, err instanceof Error ? err.message : String(err));
  }
}

/** The agent's `search` and `visit`, made real: gates first, then providers, tabs, cache and ranking. */
export function createAgentTools(deps: ToolDeps, ctx: ToolContext): AgentTools {
  const guard = createRunGuard(deps, ctx);
  const { gate } = guard;
  const reads = createPageReads(deps, createLimiter(deps.maxTabs));
  const parts: VisitParts = { deps, ctx, guard, readOnce: reads.readOnce };

  // What needs no OK in a private run: an address the user gave, or a page this run already read
  // (reading it again sends nothing).
  const ownUrls = new Set([...extractUrls(guard.userQuestion), ...(ctx.ownUrls ?? [])].map(keyOf));
  const free = (href: string) => ownUrls.has(keyOf(href)) || reads.has(href);

  const visitAll = async (urls: string[], goal: string, signal: AbortSignal): Promise<VisitResult[]> => {
    const targets = await Promise.all(urls.map(guard.target));
    const hrefs = targets.flatMap((t) => ('href' in t ? [t.href] : []));
    const verdicts = await gate.filter('visit', hrefs, free, signal);
    const verdictOf = new Map(hrefs.map((h, i) => [h, verdicts[i] ?? 'unasked']));
    return Promise.all(
      urls.map((url, i) => {
        const t = targets[i] ?? { reason: 'Not read.' };
        if ('reason' in t) return failed(url, t.reason);
        const v = verdictOf.get(t.href) ?? 'unasked';
        if (v === 'ok') return visitOne(parts, url, t.href, goal, signal);
        return failed(url, refusal(v, DECLINED_VISIT), v === 'declined' ? 'declined' : 'not-asked');
      }),
    );
  };

  const search = async (queries: string[], signal: AbortSignal): Promise<SearchResult[]> => {
    const refused = queries.map(guard.queryRefusal);
    const open = queries.filter((_, i) => refused[i] === undefined);
    const verdicts = await gate.filter('search', open, () => false, signal);
    const verdictOf = new Map(open.map((q, i) => [q, verdicts[i] ?? 'unasked']));
    return Promise.all(
      queries.map((query, i) => {
        const why = refused[i];
        if (why !== undefined) return { query, hits: [], error: why };
        const v = verdictOf.get(query) ?? 'unasked';
        if (v === 'ok') return searchOne(deps, guard, query, signal);
        const code = v === 'declined' ? 'search-declined' : 'search-not-asked';
        return { query, hits: [], error: refusal(v, DECLINED_SEARCH), errorInfo: { code, params: {} } };
      }),
    );
  };

  return {
    search: async (queries, { signal }) => {
      const { run, dropped } = capQueries(queries);
      const results = await search(run, signal);
      return dropped ? [...results, dropped] : results;
    },
    visit: async (urls, goal, { signal }) => {
      const { run, dropped } = capUrls(urls);
      const results = await visitAll(run, goal, signal);
      return dropped ? [...results, dropped] : results;
    },
  };
}
