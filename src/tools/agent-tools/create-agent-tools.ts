import type { AgentTools } from '../../agent/deps';
import { isInterruption, RunInterrupted } from '../../agent/interruption';
import type { PageReadVia, SearchResult, VisitFailCode, VisitResult } from '../../agent/step-result';
import { stripInvisible } from '../../security/invisible-text';
import { PrivateText } from '../../security/private-text';
import { extractUrls } from '../../security/provenance';
import { checkQuery } from '../../security/query-gate';
import { SeenUrls } from '../../security/seen-urls';
import {
  createSendGate,
  DECLINED_SEARCH,
  DECLINED_VISIT,
  NOT_ASKED,
  type SendVerdict,
} from '../../security/send-gate';
import { ServerAddressRefused } from '../../security/server-address';
import { checkUrl } from '../../security/url-policy';
import { createLimiter, TAB_CLOSED_REASON } from '../browse/tabs/tab-reader';
import { searchFailureOf } from '../search/chain';
import { capQueries, capUrls } from './call-caps';
import type { PageText, ToolContext, ToolDeps } from './tool-types';
import { clean, failed, looksLikePdf, onceLinksOf, withScheme } from './visit-helpers';

export type { PageText, ToolContext, ToolDeps } from './tool-types';

const TAB_CLOSED_HINT = 'The run is paused: press Continue to read it again.';

/** The agent's `search` and `visit`, made real: gates first, then providers, tabs, cache and ranking. */
export function createAgentTools(deps: ToolDeps, ctx: ToolContext): AgentTools {
  const seen = new SeenUrls();
  // Only what the user typed is theirs: a follow-up's earlier answer is context the model read.
  const userQuestion = ctx.userQuestion ?? ctx.question;
  seen.addAll(extractUrls(userQuestion), 'user');
  if (userQuestion !== ctx.question) seen.addAll(extractUrls(ctx.question), 'page');
  seen.addAll(ctx.seedUrls, 'user');
  const secret = new PrivateText(userQuestion);
  let privacy = ctx.privacy ?? 'public';
  const becamePrivate = () => {
    if (privacy === 'private') return;
    privacy = 'private';
    ctx.onPrivate?.();
  };
  const gate = createSendGate({
    isPrivate: () => privacy === 'private',
    userQuestion,
    ...(ctx.ask ? { ask: ctx.ask } : {}),
    ...(ctx.allowRest ? { allowRest: true } : {}),
    ...(ctx.onAllowRest ? { onAllowRest: ctx.onAllowRest } : {}),
  });
  const refusal = (v: SendVerdict, declined: string) => (v === 'declined' ? declined : NOT_ASKED);
  for (const text of ctx.privateText ?? []) secret.add(text);
  seen.addAll(ctx.earlier?.hits ?? [], 'search');
  seen.addAll(ctx.earlier?.pages ?? [], 'page');
  // The links of pages read before a resume come from the page cache, looked up once when needed.
  const restoreEarlierLinks = onceLinksOf(ctx.earlier?.pages ?? [], deps.pages, (links) =>
    seen.addAll(links, 'page'),
  );
  // Links shown on private pages may carry their identifiers; opening them sends nothing new.
  const privateLinks = new Set<string>();
  const sent: string[] = [];
  const limit = createLimiter(deps.maxTabs);

  /** The last line under the approval: secret-looking strings and copies of private text. */
  const queryRefusal = (query: string): string | undefined => {
    const found = checkQuery(query);
    if (!found.ok) return found.reason;
    // Checked one after another: a secret split across the queries of one call is seen whole.
    const taint = secret.check(query, sent);
    if (!taint.ok) return taint.reason;
    sent.push(query);
    return undefined;
  };

  const searchOne = async (query: string, signal: AbortSignal): Promise<SearchResult> => {
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

  /** The address to open for what the model asked, after provenance, taint and URL policy. */
  const target = async (url: string): Promise<{ href: string } | { reason: string }> => {
    // Only a URL seen as it is; what the model added to a seen one (a parameter, a fragment) is dropped.
    let known = seen.resolve(url);
    if (!known.ok && ctx.earlier?.pages.length) {
      await restoreEarlierLinks();
      known = seen.resolve(url);
    }
    if (!known.ok && !writtenMayOpen()) return { reason: known.reason };
    if (known.ok && !privateLinks.has(known.url) && known.source !== 'user') {
      const taint = secret.check(known.url);
      if (!taint.ok) return { reason: taint.reason };
    }
    const policy = checkUrl(known.ok ? known.url : withScheme(url), deps.policy);
    return policy.ok ? { href: policy.url.href } : { reason: policy.reason };
  };

  const visitOne = async (
    url: string,
    href: string,
    goal: string,
    signal: AbortSignal,
  ): Promise<VisitResult> => {
    try {
      const page = await readOnce(href, signal);
      if ('error' in page) return failed(url, page.error, page.code);
      seen.add(page.finalUrl, 'page');
      seen.addAll(page.links, 'page');
      if (page.via === 'open-tab' || deps.readsSignedIn?.(page.finalUrl)) {
        becamePrivate();
        secret.add(page.markdown);
        for (const link of page.links) privateLinks.add(link);
      }
      if (!page.markdown.trim()) return failed(url, 'The page has no readable text.');
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
  };

  // What needs no OK in a private run: an address the user gave, or a page this run already read
  // (reading it again sends nothing).
  const ownUrls = new Set([...extractUrls(userQuestion), ...(ctx.ownUrls ?? [])].map(keyOf));
  const free = (href: string) => ownUrls.has(keyOf(href)) || reads.has(keyOf(href));

  const visitAll = async (urls: string[], goal: string, signal: AbortSignal): Promise<VisitResult[]> => {
    const targets = await Promise.all(urls.map(target));
    const hrefs = targets.flatMap((t) => ('href' in t ? [t.href] : []));
    const verdicts = await gate.filter('visit', hrefs, free, signal);
    const verdictOf = new Map(hrefs.map((h, i) => [h, verdicts[i] ?? 'unasked']));
    return Promise.all(
      urls.map((url, i) => {
        const t = targets[i] ?? { reason: 'Not read.' };
        if ('reason' in t) return failed(url, t.reason);
        const v = verdictOf.get(t.href) ?? 'unasked';
        if (v === 'ok') return visitOne(url, t.href, goal, signal);
        return failed(url, refusal(v, DECLINED_VISIT), v === 'declined' ? 'declined' : 'not-asked');
      }),
    );
  };

  // A URL the model wrote itself: public runs may open it (they hold nothing to leak).
  const writtenMayOpen = () => deps.unseenUrls === 'public-runs' && privacy === 'public';

  const search = async (queries: string[], signal: AbortSignal): Promise<SearchResult[]> => {
    const refused = queries.map(queryRefusal);
    const open = queries.filter((_, i) => refused[i] === undefined);
    const verdicts = await gate.filter('search', open, () => false, signal);
    const verdictOf = new Map(open.map((q, i) => [q, verdicts[i] ?? 'unasked']));
    return Promise.all(
      queries.map((query, i) => {
        const why = refused[i];
        if (why !== undefined) return { query, hits: [], error: why };
        const v = verdictOf.get(query) ?? 'unasked';
        if (v === 'ok') return searchOne(query, signal);
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
