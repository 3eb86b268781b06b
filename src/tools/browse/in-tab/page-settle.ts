/**
 * When a page in an agent tab is ready to read: as soon as the document is parsed and its main content
 * has stopped changing, not at `load`, which also waits for every image, font, ad and slow script.
 * Runs inside the tab (bundled into the content script) and under jsdom in tests: DOM APIs only.
 */

export interface SettleOptions {
  /** The DOM must be this quiet (no mutations) after parsing before the page counts as settled (ms). */
  quietMs: number;
  /** Longest wait after parsing for a page whose DOM never goes quiet, such as a ticker (ms). */
  capMs: number;
  /**
   * A quiet DOM with less visible text than this is a script-built page still fetching its content:
   * it waits for more mutations, `load` or the cap instead.
   */
  minTextChars: number;
  /**
   * A page loaded with less text than that may still be written by a script (after a fetch of its
   * own): it is read once its DOM has been quiet this long after `load` (ms).
   */
  afterLoadMs: number;
}

/** What ended the wait. */
export type SettleReason = 'load' | 'quiet' | 'cap' | 'complete';

export const DEFAULT_SETTLE: Readonly<SettleOptions> = Object.freeze({
  quietMs: 50,
  capMs: 3000,
  minTextChars: 200,
  afterLoadMs: 600,
});

// Script types a browser runs; anything else (JSON-LD, templates, data blocks) cannot write the page.
const RUNNABLE_SCRIPT = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/jscript)$/i;

/**
 * Whether anything in the page could still change it after `load`: a script the browser runs, or an
 * inline load/error handler. A page without either is as complete at `load` as it will ever be.
 */
export function mayStillWrite(doc: Document): boolean {
  for (const s of Array.from(doc.getElementsByTagName('script'))) {
    const type = (s.getAttribute('type') ?? '').split(';')[0]?.trim() ?? '';
    if (RUNNABLE_SCRIPT.test(type)) return true;
  }
  return doc.querySelector('[onload],[onerror]') !== null;
}

/**
 * Resolves once `doc` is parsed and quiet with some text, loaded with some text (or with nothing
 * left that could write more), loaded and quiet for `afterLoadMs` however little text it has, or
 * `capMs` after parsing. `lastChangeAt` (the document's `performance.now()` clock) is when an
 * observer that started before parsing last saw the DOM change: the quiet spell counts from there
 * rather than from this call, which comes a little after parsing.
 */
export function whenSettled(
  doc: Document,
  o: SettleOptions = DEFAULT_SETTLE,
  lastChangeAt?: () => number | undefined,
): Promise<SettleReason> {
  const view = doc.defaultView;
  if (!view) return Promise.resolve('complete');
  // The document's own window (jsdom's in tests): its MutationObserver and timers.
  const win = view as Window & typeof globalThis;
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let cap: ReturnType<typeof setTimeout> | undefined;
    let observer: MutationObserver | undefined;
    let done = false;
    let loaded = false;
    const finish = (reason: SettleReason) => {
      if (done) return;
      done = true;
      clearTimeout(quiet);
      clearTimeout(cap);
      observer?.disconnect();
      win.removeEventListener('load', onLoad);
      doc.removeEventListener('DOMContentLoaded', onParsed);
      resolve(reason);
    };
    // innerText leaves out script and style text (a shell page's inline JSON is not content); jsdom
    // has no innerText, so tests fall back to textContent.
    const hasText = () => {
      const body = doc.body;
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point (no script or style text); it runs once per quiet spell
      return ((body?.innerText ?? body?.textContent) || '').trim().length >= o.minTextChars;
    };
    const arm = (alreadyQuietMs = 0) => {
      clearTimeout(quiet);
      quiet = setTimeout(
        () => {
          if (hasText()) finish('quiet');
          else if (loaded) finish(doc.readyState === 'complete' ? 'load' : 'quiet');
        },
        Math.max(0, (loaded ? o.afterLoadMs : o.quietMs) - alreadyQuietMs),
      );
    };
    const onLoad = () => {
      if (hasText() || !mayStillWrite(doc)) return finish('load');
      loaded = true;
      arm();
    };
    function onParsed() {
      if (done) return;
      cap = setTimeout(() => finish('cap'), o.capMs);
      const watch = new win.MutationObserver(() => arm());
      observer = watch;
      watch.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
      const last = lastChangeAt?.();
      arm(last === undefined ? 0 : Math.max(0, win.performance.now() - last));
    }
    win.addEventListener('load', onLoad);
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', onParsed);
    else onParsed();
    if (doc.readyState === 'complete') onLoad();
  });
}
