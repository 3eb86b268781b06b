import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { mayStillWrite, whenSettled } from '../../../../src/tools/browse/in-tab/page-settle';

const text = (n: number) => 'Words of the article. '.repeat(n);

/** A document still being parsed: the test writes the rest of it and fires the events itself. */
function loadingDocument(body: string) {
  const dom = new JSDOM(`<html><body>${body}</body></html>`);
  const doc = dom.window.document;
  let state: DocumentReadyState = 'loading';
  Object.defineProperty(doc, 'readyState', { get: () => state });
  return {
    doc,
    parsed: () => {
      state = 'interactive';
      doc.dispatchEvent(new dom.window.Event('DOMContentLoaded'));
    },
    loaded: () => {
      state = 'complete';
      dom.window.dispatchEvent(new dom.window.Event('load'));
    },
  };
}

const opts = { quietMs: 20, capMs: 2000, minTextChars: 200, afterLoadMs: 2000 };

describe('when a page is ready to read', () => {
  it('reads a parsed page whose text stopped changing without waiting for load', async () => {
    const page = loadingDocument(`<article>${text(20)}</article>`);
    const settled = whenSettled(page.doc, opts);
    page.parsed();
    expect(await settled).toBe('quiet');
  });

  it('waits while a script is still building the page, then reads it', async () => {
    // Fake timers: the page is quiet for exactly as long as the test says, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const page = loadingDocument('<div id="app">Loading…</div>');
      let reason: string | undefined;
      const settled = whenSettled(page.doc, opts).then((r) => {
        reason = r;
      });
      page.parsed();
      // Quiet for 25 quiet spells, still well before the cap: almost no text yet, so no read.
      await vi.advanceTimersByTimeAsync(opts.quietMs * 25);
      expect(reason).toBeUndefined();
      const app = page.doc.getElementById('app');
      if (app) app.textContent = text(20);
      await vi.advanceTimersByTimeAsync(opts.quietMs);
      await settled;
      expect(reason).toBe('quiet');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads at load when that comes first', async () => {
    const page = loadingDocument(`<p id="t">${text(20)}</p>`);
    const settled = whenSettled(page.doc, { ...opts, quietMs: 1000 });
    page.parsed();
    page.loaded();
    expect(await settled).toBe('load');
  });

  it('after load, still waits a while for a script to write a page that has almost no text', async () => {
    const page = loadingDocument('<div id="app">Loading…</div><script src="app.js"></script>');
    const settled = whenSettled(page.doc, { ...opts, afterLoadMs: 100 });
    page.parsed();
    page.loaded();
    setTimeout(() => {
      const app = page.doc.getElementById('app');
      if (app) app.textContent = text(20);
    }, 50);
    expect(await settled).toBe('quiet');
    expect(page.doc.body.textContent).toContain('Words of the article.');
    // A page that really is that short is read once it has been quiet after load.
    const short = loadingDocument('<p>Short.</p><script>track()</script>');
    const done = whenSettled(short.doc, { ...opts, afterLoadMs: 50 });
    short.parsed();
    short.loaded();
    expect(await done).toBe('load');
  });

  it('reads a short page at load when nothing in it could write more', async () => {
    // Data blocks (JSON-LD) do not run; only runnable scripts and inline handlers make it wait.
    const page = loadingDocument('<p>Short.</p><script type="application/ld+json">{}</script>');
    const settled = whenSettled(page.doc, { ...opts, afterLoadMs: 60_000 });
    page.parsed();
    page.loaded();
    expect(await settled).toBe('load');
    expect(mayStillWrite(page.doc)).toBe(false);
    for (const body of ['<script>x()</script>', '<script type="module">x()</script>', '<img onerror="x()">'])
      expect(mayStillWrite(new JSDOM(`<body>${body}</body>`).window.document)).toBe(true);
  });

  it('counts the quiet spell from the last change an earlier watcher saw', async () => {
    const page = loadingDocument(`<article>${text(20)}</article>`);
    const now = page.doc.defaultView?.performance.now() ?? 0;
    // Quiet for 60 s already: read at once, although the quiet rule asks for 60 s.
    const settled = whenSettled(page.doc, { ...opts, quietMs: 60_000 }, () => now - 60_000);
    page.parsed();
    expect(await settled).toBe('quiet');
    // Changed just now: the full quiet spell is still needed (the cap ends it here).
    const busy = loadingDocument(`<article>${text(20)}</article>`);
    const later = whenSettled(busy.doc, { ...opts, quietMs: 60_000, capMs: 100 }, () =>
      busy.doc.defaultView?.performance.now(),
    );
    busy.parsed();
    expect(await later).toBe('cap');
  });

  it('gives up waiting for a page that never goes quiet', async () => {
    const page = loadingDocument(`<p id="t">${text(20)}</p>`);
    const settled = whenSettled(page.doc, { ...opts, capMs: 150 });
    page.parsed();
    const ticker = setInterval(() => {
      page.doc.getElementById('t')?.append('tick ');
    }, 5);
    expect(await settled).toBe('cap');
    clearInterval(ticker);
  });
});
