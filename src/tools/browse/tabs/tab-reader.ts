import { checkServerIp } from '../../../security/server-address';
import { checkUrl, type UrlPolicy } from '../../../security/url-policy';
import { type IsolationCode, IsolationUnavailable } from './isolation';
import type { TabApi } from './tab-api';

/** One page as a tab showed it, or why it could not be read. */
export interface ReadTabResult {
  ok: boolean;
  url: string;
  finalUrl: string;
  title: string;
  markdown: string;
  links: { url: string; text: string }[];
  byline?: string;
  lang?: string;
  publishedTime?: string;
  siteName?: string;
  /** How the page was read: an already-open tab, a new background tab, or a direct fetch (PDF). */
  via: 'open-tab' | 'new-tab' | 'fetch';
  partial?: boolean;
  reason?: string;
  /** Set when the article could not be picked out and the page's visible text stands in (why). */
  problem?: string;
  /** The tab was closed (by the user) before the page was read: the run pauses instead of failing it. */
  closed?: boolean;
  /** Set when the read was refused a tab kept apart from the user's browsing: the panel words it. */
  code?: IsolationCode;
}

export const TAB_CLOSED_REASON =
  'The tab Sleuth was reading this page in was closed before the page was read.';

export interface ReadOptions {
  policy: UrlPolicy;
  timeoutMs: number;
  signedOut: boolean;
  signal?: AbortSignal;
}

const failed = (url: string, reason: string): ReadTabResult => ({
  ok: false,
  url,
  finalUrl: url,
  title: '',
  markdown: '',
  links: [],
  via: 'new-tab',
  reason,
});

/** Limits how many pages are read at once; extra callers wait their turn in order. */
export function createLimiter(max: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((r) => queue.push(r));
    active += 1;
    try {
      return await fn();
    } finally {
      active -= 1;
      queue.shift()?.();
    }
  };
}

/**
 * Reads one page the way the user's browser shows it: the policy first, then (for a site on the
 * "use my sign-ins" list) an already-open tab if there is one (left untouched), else an agent tab (reused from earlier reads when it can be), which
 * is read as soon as the page has settled and handed back afterwards whatever happens.
 */
export async function readThroughTab(api: TabApi, url: string, o: ReadOptions): Promise<ReadTabResult> {
  const gate = checkUrl(url, o.policy);
  if (!gate.ok) return failed(url, gate.reason);
  const target = gate.url.href;

  // The user's own tab carries their sign-ins: a model-chosen URL (which an injected link can
  // steer to a mail or intranet page) reads it only when the user listed the site for sign-ins.
  const open = o.signedOut ? null : await api.findLoadedTab(target);
  if (open) {
    const page = await answered(api.extract(open.tabId, { partial: false }), extractLimit(o.timeoutMs));
    if (httpFailed(page.httpStatus)) return failed(target, httpReason(page.httpStatus));
    return { ok: true, url: target, finalUrl: open.url, ...pageFields(page), via: 'open-tab' };
  }

  o.signal?.throwIfAborted();
  let tabId: number;
  try {
    tabId = await api.acquireAgentTab({
      signedOut: o.signedOut,
      blockPrivate: true,
      allowLoopback: o.policy.allowLoopback,
    });
  } catch (err) {
    // Never the user's own profile instead: the page stays unread, and the panel says why.
    if (err instanceof IsolationUnavailable) return { ...failed(target, err.message), code: err.code };
    throw err;
  }
  let reusable = false;
  try {
    const read = await readAgentTab(api, tabId, target, o);
    reusable = read.reusable;
    return read.result;
  } finally {
    await api.releaseAgentTab(tabId, { reusable }).catch(() => undefined);
  }
}

type TabLoad = Awaited<ReturnType<TabApi['load']>>;

/** Why a load yielded no page to read: the tab closed, a refused address or redirect, an error page. */
function loadFailure(load: TabLoad, target: string, policy: UrlPolicy): ReadTabResult | null {
  if (load.closed) return { ...failed(target, TAB_CLOSED_REASON), closed: true };
  if (load.refusedReason) return failed(target, load.refusedReason);
  if (load.refusedUrl) {
    const why = checkUrl(load.refusedUrl, policy);
    return failed(
      target,
      `The page redirected to ${load.refusedUrl}, which Sleuth does not open. ${why.ok ? '' : why.reason}`.trim(),
    );
  }
  if (load.errorPage)
    return failed(
      target,
      `The page could not be loaded (network error, blocked address or a file download: ${load.finalUrl}).`,
    );
  return null;
}

/** Loads `target` in the agent tab and reads it; `reusable` when the tab may serve the next read. */
async function readAgentTab(
  api: TabApi,
  tabId: number,
  target: string,
  o: ReadOptions,
): Promise<{ result: ReadTabResult; reusable: boolean }> {
  const load = await api.load(tabId, target, {
    timeoutMs: o.timeoutMs,
    ...(o.signal ? { signal: o.signal } : {}),
    onUrl: (u) => checkUrl(u, o.policy).ok,
    onServerIp: (ip) => {
      const c = checkServerIp(ip, { allowLoopback: o.policy.allowLoopback });
      return c.ok ? undefined : c.reason;
    },
  });
  const notLoaded = loadFailure(load, target, o.policy);
  if (notLoaded) return { result: notLoaded, reusable: false };
  const no = (why: string) => ({ result: failed(target, why), reusable: false });
  let page: Awaited<ReturnType<TabApi['extract']>>;
  try {
    page = load.page ?? (await extractWithGrace(api, tabId, load.timedOut, extractLimit(o.timeoutMs)));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    if (err instanceof NoAnswer) return no(err.message);
    return no(
      !load.finalUrl
        ? 'The address did not open as a web page (it may be a file download or a blocked address).'
        : load.timedOut
          ? `The page did not load within ${Math.round(o.timeoutMs / 1000)} s and nothing could be read yet.`
          : `The page could not be read (${why}).`,
    );
  }
  if (httpFailed(page.httpStatus)) return no(httpReason(page.httpStatus));
  if (page.contentType && !/html|xml|text\/plain/.test(page.contentType)) {
    return no(`The address is not a web page (${page.contentType}).`);
  }
  return {
    result: {
      ok: true,
      url: target,
      finalUrl: load.finalUrl,
      ...pageFields(page),
      via: 'new-tab',
      ...(load.timedOut ? { partial: true } : {}),
    },
    // A tab whose page timed out may still be busy; only a clean read leaves a tab worth reusing.
    reusable: !load.timedOut,
  };
}

/**
 * After a timeout the navigation may not have committed yet (a busy machine is slow to start the
 * page's renderer), so reading fails on the blank placeholder: try again briefly before giving up.
 */
async function extractWithGrace(api: TabApi, tabId: number, timedOut: boolean, limitMs: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await answered(api.extract(tabId, { partial: timedOut }), limitMs);
    } catch (err) {
      if (!timedOut || attempt >= 6 || err instanceof NoAnswer) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * A page showing a dialog (`alert`, `confirm`, `prompt`) or spinning in a script never lets the
 * extractor run, and Chrome's executeScript then never settles. Such a read ends here; the tab is
 * handed back as not reusable, which closes it (and with it the dialog or the busy script).
 */
class NoAnswer extends Error {}

const extractLimit = (pageTimeoutMs: number) => Math.min(Math.max(pageTimeoutMs, 5000), 15_000);

function answered<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new NoAnswer(
            `The page did not answer within ${Math.round(ms / 1000)} s (it may be showing a dialog or running a busy script).`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function pageFields(p: Awaited<ReturnType<TabApi['extract']>>) {
  return {
    title: p.title,
    markdown: p.markdown,
    links: p.links,
    ...(p.byline ? { byline: p.byline } : {}),
    ...(p.lang ? { lang: p.lang } : {}),
    ...(p.publishedTime ? { publishedTime: p.publishedTime } : {}),
    ...(p.siteName ? { siteName: p.siteName } : {}),
    ...(p.problem ? { problem: p.problem } : {}),
  };
}

const httpFailed = (status: number | undefined): status is number => status !== undefined && status >= 400;

const STATUS_WORDS: Record<number, string> = {
  401: 'sign-in required',
  403: 'access refused',
  404: 'not found',
  410: 'gone',
  429: 'too many requests',
  451: 'unavailable for legal reasons',
};

/** A page that answered with an HTTP error is not read: its text is an error page, not the page. */
function httpReason(status: number): string {
  const words = STATUS_WORDS[status] ?? (status >= 500 ? 'server error' : 'error');
  return `The page answered HTTP ${status} (${words}), so there was nothing to read.`;
}
