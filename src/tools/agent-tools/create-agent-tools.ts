import type { AgentTools } from '../../agent/deps';
import { isInterruption, RunInterrupted } from '../../agent/interruption';
import type { PageReadVia, SearchResult, VisitFailCode, VisitResult } from '../../agent/step-result';
import { stripInvisible } from '../../security/invisible-text';
import { PrivateText } from '../../security/private-text';
import { extractUrls } from '../../security/provenance';
import { checkQuery } from '../../security/query-gate';
import { SeenUrls } from '../../security/seen-urls';
import { ServerAddressRefused } from '../../security/server-address';
import { checkUrl, type UrlPolicy } from '../../security/url-policy';
import type { PagesRepo } from '../../store/pages-repo';
import type { ReadTabResult } from '../browse/tabs/tab-reader';
import { createLimiter, TAB_CLOSED_REASON } from '../browse/tabs/tab-reader';
import { type SearchChain, searchFailureOf } from '../search/chain';
import { capQueries, capUrls } from './call-caps';

export interface PageText {
  url: string;
  finalUrl: string;
  title: string;
  markdown: string;
  links: string[];
}

export interface ToolDeps {
  search: SearchChain;
  /** Reads an html page through a browser tab (the service worker does the tab work). */
  readTab(url: string, signal: AbortSignal): Promise<ReadTabResult>;
  /** Fetches and parses a PDF; null when the URL is not a PDF after all. */
  readPdf?(url: string, signal: AbortSignal): Promise<PageText | null>;
  /**
   * Fetches and extracts a page that needs no script (server-rendered HTML, plain text), signed out;
   * null sends the page to the tab reader (redirects, script-built pages, other types, errors).
   */
  readStatic?(url: string, signal: AbortSignal): Promise<PageText | null>;
  rank(markdown: string, goal: string, question: string): { evidence: string; summary: string };
  /** Model-written evidence when an extractor is configured (it falls back to `rank` itself). */
  writeEvidence?(
    markdown: string,
    goal: string,
    question: string,
    signal: AbortSignal,
  ): Promise<{ evidence: string; summary: string; note?: string }>;
  pages?: Pick<PagesRepo, 'getFresh' | 'put'> & Partial<Pick<PagesRepo, 'get'>>;
  /** Whether a URL is read with the user's sign-ins (its site is on their list): its text is private. */
  readsSignedIn?(url: string): boolean;
  policy: UrlPolicy;
  maxTabs: number;
  /** A page read this recently is not read again (ms). */
  pageMaxAgeMs: number;
  clock: () => number;
}

const TAB_CLOSED_HINT = 'The run is paused: press Continue to read it again.';

const looksLikePdf = (url: string) => /\.pdf($|[?#])/i.test(url);

export interface ToolContext {
  question: string;
  seedUrls: string[];
  /** Text the user handed over (their page, a selection) or read signed in earlier in the run. */
  privateText?: readonly string[];
  /** A resumed run: what its earlier steps saw (search hits, pages read), so it can open them again. */
  earlier?: { hits: readonly string[]; pages: readonly string[] };
}

/** The agent's `search` and `visit`, made real: gates first, then providers, tabs, cache and ranking. */
export function createAgentTools(deps: ToolDeps, ctx: ToolContext): AgentTools {
  const seen = new SeenUrls();
  seen.addAll(extractUrls(ctx.question), 'user');
  seen.addAll(ctx.seedUrls, 'user');
  const secret = new PrivateText(ctx.question);
  for (const text of ctx.privateText ?? []) secret.add(text);
  seen.addAll(ctx.earlier?.hits ?? [], 'search');
  seen.addAll(ctx.earlier?.pages ?? [], 'page');
  // The links of pages read before a resume come from the page cache, looked up once when needed.
  let earlierLinks: Promise<void> | null = null;
  const restoreEarlierLinks = () => {
    earlierLinks ??= Promise.all(
      (ctx.earlier?.pages ?? []).map(async (url) => {
        const page = await deps.pages?.get?.(url).catch(() => undefined);
        const links = Array.isArray(page?.links) ? page.links : [];
        seen.addAll(
          links.filter((l): l is string => typeof l === 'string'),
          'page',
        );
      }),
    ).then(() => undefined);
    return earlierLinks;
  };
  // Links shown on private pages may carry their identifiers; opening them sends nothing new.
  const privateLinks = new Set<string>();
  const sent: string[] = [];
  const limit = createLimiter(deps.maxTabs);

  const searchOne = async (query: string, signal: AbortSignal): Promise<SearchResult> => {
    const gate = checkQuery(query);
    if (!gate.ok) return { query, hits: [], error: gate.reason };
    const taint = secret.check(query, sent);
    if (!taint.ok) return { query, hits: [], error: taint.reason };
    sent.push(query);
    try {
      const found = await deps.search.search(query, { signal });
      // Invisible characters in titles and snippets can smuggle instructions to the model.
      const hits = found.hits.map((h) => ({
        ...h,
        title: stripInvisible(h.title),
        snippet: stripInvisible(h.snippet),
      }));
      seen.addAll(
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
  };

  // problem: the article could not be picked out and the page's visible text stands in.
  type Read = PageText & { via: PageReadVia; readAt: number; problem?: string };

  const clean = <T extends { title: string; markdown: string }>(p: T): T => ({
    ...p,
    title: stripInvisible(p.title),
    markdown: stripInvisible(p.markdown),
  });

  type ReadFailure = { error: string; code?: VisitFailCode };
  const readPage = async (url: string, signal: AbortSignal): Promise<Read | ReadFailure> => {
    const cached = await deps.pages?.getFresh(url, deps.pageMaxAgeMs).catch(() => undefined);
    if (cached) {
      const links = Array.isArray(cached.links)
        ? cached.links.filter((l): l is string => typeof l === 'string')
        : [];
      const { finalUrl, title, markdown, fetchedAt } = cached;
      return clean({ url, finalUrl, title, markdown, links, via: 'cache' as const, readAt: fetchedAt });
    }
    let page: PageText | null = null;
    let via: PageReadVia = 'fetch';
    let problem: string | undefined;
    if (deps.readPdf && looksLikePdf(url)) page = await deps.readPdf(url, signal);
    if (!page && deps.readStatic && !looksLikePdf(url)) {
      const readStatic = deps.readStatic;
      page = await readStatic(url, signal).catch((err: unknown) => {
        // A private server answered: the visit fails here rather than asking it again through a tab.
        if (signal.aborted || err instanceof ServerAddressRefused) throw err;
        return null;
      });
    }
    let signedIn = false;
    if (!page) {
      // A read still queued when Stop comes starts nothing (100,000 queued reads would each open a tab).
      const r = await limit(() =>
        signal.aborted ? Promise.reject(signal.reason) : deps.readTab(url, signal),
      );
      if (r.closed) throw new RunInterrupted('tab-closed', `${TAB_CLOSED_REASON} (${url})`, TAB_CLOSED_HINT);
      if (!r.ok)
        return { error: r.reason ?? 'The page could not be read.', ...(r.code ? { code: r.code } : {}) };
      via = r.via;
      signedIn = r.via === 'open-tab';
      problem = r.problem;
      page = {
        url,
        finalUrl: r.finalUrl,
        title: r.title,
        markdown: r.markdown,
        links: r.links.map((l) => l.url),
      };
    }
    page = clean(page);
    const readAt = deps.clock();
    // A signed-in page is the user's own data: kept out of the shared page cache.
    if (signedIn || deps.readsSignedIn?.(url)) return { ...page, via, readAt };
    await deps.pages
      ?.put({
        url,
        finalUrl: page.finalUrl,
        title: page.title,
        markdown: page.markdown,
        links: page.links,
        fetchedAt: readAt,
      })
      .catch(() => undefined);
    return { ...page, via, readAt, ...(problem ? { problem } : {}) };
  };

  // A page is read once per run: a second visit (or one arriving while the first is still reading,
  // or one of the address a first visit was redirected to) gets the same text. Failures are not kept:
  // a later visit may find the page back up.
  const reads = new Map<string, Promise<Read | ReadFailure>>();
  const keyOf = (url: string) => url.replace(/#.*$/, '');
  const readOnce = (url: string, signal: AbortSignal): Promise<Read | ReadFailure> => {
    const key = keyOf(url);
    const known = reads.get(key);
    if (known) return known.then((r) => ('error' in r ? r : { ...r, via: 'cache' }));
    const read = readPage(url, signal).then(
      (r) => {
        if ('error' in r) reads.delete(key);
        else if (keyOf(r.finalUrl) !== key && !reads.has(keyOf(r.finalUrl)))
          reads.set(keyOf(r.finalUrl), read);
        return r;
      },
      (err: unknown) => {
        reads.delete(key);
        throw err;
      },
    );
    reads.set(key, read);
    return read;
  };

  const visitOne = async (url: string, goal: string, signal: AbortSignal): Promise<VisitResult> => {
    const fail = (reason: string, code?: VisitFailCode): VisitResult => ({
      url,
      title: '',
      ok: false,
      evidence: '',
      summary: '',
      reason,
      ...(code ? { reasonCode: code } : {}),
    });
    // Only a URL seen as it is; what the model added to a seen one (a parameter, a fragment) is dropped.
    let known = seen.resolve(url);
    if (!known.ok && ctx.earlier?.pages.length) {
      await restoreEarlierLinks();
      known = seen.resolve(url);
    }
    if (!known.ok) return fail(known.reason);
    if (!privateLinks.has(known.url) && known.source !== 'user') {
      const taint = secret.check(known.url);
      if (!taint.ok) return fail(taint.reason);
    }
    const gate = checkUrl(known.url, deps.policy);
    if (!gate.ok) return fail(gate.reason);
    try {
      const page = await readOnce(gate.url.href, signal);
      if ('error' in page) return fail(page.error, page.code);
      seen.add(page.finalUrl, 'page');
      seen.addAll(page.links, 'page');
      if (page.via === 'open-tab' || deps.readsSignedIn?.(page.finalUrl)) {
        secret.add(page.markdown);
        for (const link of page.links) privateLinks.add(link);
      }
      if (!page.markdown.trim()) return fail('The page has no readable text.');
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
      return fail(err instanceof Error ? err.message : String(err));
    }
  };

  return {
    search: async (queries, { signal }) => {
      const { run, dropped } = capQueries(queries);
      const results = await Promise.all(run.map((q) => searchOne(q, signal)));
      return dropped ? [...results, dropped] : results;
    },
    visit: async (urls, goal, { signal }) => {
      const { run, dropped } = capUrls(urls);
      const results = await Promise.all(run.map((u) => visitOne(u, goal, signal)));
      return dropped ? [...results, dropped] : results;
    },
  };
}
