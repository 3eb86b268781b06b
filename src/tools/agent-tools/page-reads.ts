import { RunInterrupted } from '../../agent/interruption';
import type { PageReadVia, VisitFailCode } from '../../agent/step-result';
import { ServerAddressRefused } from '../../security/server-address';
import { type createLimiter, TAB_CLOSED_REASON } from '../browse/tabs/tab-reader';
import type { PageText, ToolDeps } from './tool-types';
import { clean, looksLikePdf } from './visit-helpers';

const TAB_CLOSED_HINT = 'The run is paused: press Continue to read it again.';

// problem: the article could not be picked out and the page's visible text stands in.
export type Read = PageText & { via: PageReadVia; readAt: number; problem?: string };
export type ReadFailure = { error: string; code?: VisitFailCode };

type Limiter = ReturnType<typeof createLimiter>;

/** One read of a page: the page cache, else a PDF or a signed-out fetch, else a tab. */
async function readPage(
  deps: ToolDeps,
  limit: Limiter,
  url: string,
  signal: AbortSignal,
): Promise<Read | ReadFailure> {
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
    const r = await limit(() => (signal.aborted ? Promise.reject(signal.reason) : deps.readTab(url, signal)));
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
}

export const keyOf = (url: string) => url.replace(/#.*$/, '');

/**
 * A page is read once per run: a second visit (or one arriving while the first is still reading,
 * or one of the address a first visit was redirected to) gets the same text. Failures are not kept:
 * a later visit may find the page back up.
 */
export function createPageReads(deps: ToolDeps, limit: Limiter) {
  const reads = new Map<string, Promise<Read | ReadFailure>>();
  const readOnce = (url: string, signal: AbortSignal): Promise<Read | ReadFailure> => {
    const key = keyOf(url);
    const known = reads.get(key);
    if (known) return known.then((r) => ('error' in r ? r : { ...r, via: 'cache' }));
    const read = readPage(deps, limit, url, signal).then(
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
  /** Whether this run has read (or is reading) the address. */
  const has = (url: string) => reads.has(keyOf(url));
  return { readOnce, has };
}
