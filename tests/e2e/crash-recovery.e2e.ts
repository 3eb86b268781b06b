import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { readSession, readSteps, sessionIds, waitForSession, writeSettings } from './helpers/extension-db';
import { callSeam } from './helpers/fault-seams';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

/**
 * Faults real Chromium cannot be made to produce here (no GPU to lose; `unlimitedStorage` puts the
 * quota out of reach), raised through the e2e build's seams (src/test-seams/fault-seams.ts); what
 * follows is the product's own handling, seen as a user sees it in the panel.
 */
describe('crash recovery in the panel', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  const question = 'Which coverage library works with Mocha?';

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 4, chunkDelayMs: 20 });
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  const chats = () => fx.model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
  /**
   * A second turn the tests crash something during: about 13 s (60 ms a chunk), so the crash lands
   * while it is written even when the machine is slow to notice the turn began (at the fixture's
   * 20 ms, 5 s: a late crash could find the visit step already saved).
   */
  const slowVisit = () => {
    const think = Array.from({ length: 40 }, (_, i) => `Step ${i}: weigh source ${i * 3}.`).join(' ');
    return {
      text: `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify({ name: 'visit', arguments: { url: [fx.pageUrl], goal: 'coverage' } })}\n</tool_call>`,
      chunkDelayMs: 60,
    };
  };
  const start = async (ask = question): Promise<{ panel: Page; sessionId: string }> => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
    const before = new Set(await sessionIds(panel));
    await panel.getByTestId('question').fill(ask);
    await panel.getByTestId('start').click();
    let sessionId = '';
    await expect
      .poll(async () => {
        sessionId = (await sessionIds(panel)).find((id) => !before.has(id)) ?? '';
        return sessionId;
      })
      .not.toBe('');
    return { panel, sessionId };
  };
  /** Continue in the panel, then the run must end with one done step each: search, visit, answer. */
  const continueToTheEnd = async (panel: Page, sessionId: string) => {
    fx.model.setTurns([
      toolCallTurn('visit', { url: [fx.pageUrl], goal: question }),
      answerTurn(PAGE_SENTENCE),
    ]);
    await panel.getByTestId('continue').click();
    await waitForSession(panel, sessionId, 'done');
    expect(String((await readSession(panel, sessionId))?.answer)).toContain('Blanket.js');
    const steps = (await readSteps(panel, sessionId)).map(
      (r) => `${String(r.status)}:${(r.action as { action?: { kind: string } }).action?.kind}`,
    );
    expect(steps).toEqual(['done:search', 'done:visit', 'done:answer']);
  };

  it('a lost GPU device pauses the run with its reason; Continue loads the model again and finishes', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      slowVisit(),
    ]);
    const requests = chats();
    const { panel, sessionId } = await start();
    // Lost while the model writes its second turn: the search step is saved, the visit is not.
    await expect.poll(chats).toBe(requests + 2);
    expect(await callSeam(b, { name: 'loseGpuDevice' })).toBe(1);
    await waitForSession(panel, sessionId, 'paused');
    await panel
      .getByText(/The GPU device was lost/)
      .first()
      .waitFor();
    await panel.getByTestId('continue').waitFor();
    await b.screenshot(panel, 'crash-gpu-lost-paused');
    await continueToTheEnd(panel, sessionId);
  });

  it('a full disk pauses the run with a clear message and keeps every step saved before', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      slowVisit(),
    ]);
    const { panel, sessionId } = await start();
    await expect
      .poll(async () => (await readSteps(panel, sessionId)).some((r) => r.seq === 0 && r.status === 'done'))
      .toBe(true);
    await callSeam(b, { name: 'fillStorage', full: true });
    try {
      await waitForSession(panel, sessionId, 'paused');
    } finally {
      await callSeam(b, { name: 'fillStorage', full: false });
    }
    expect(String((await readSession(panel, sessionId))?.error)).toMatch(/ran out of storage space/);
    await panel
      .getByText(/ran out of storage space/)
      .first()
      .waitFor();
    expect((await readSteps(panel, sessionId)).map((r) => `${String(r.status)}:${r.seq}`)).toEqual([
      'done:0',
    ]);
    await b.screenshot(panel, 'crash-storage-full-paused');
    await continueToTheEnd(panel, sessionId);
  });

  it('closing the tab Sleuth is reading pauses the run; Continue reads the page again and leaves no tab', async () => {
    let tabAsks = 0;
    let release = () => {};
    const closed = new Promise<void>((r) => {
      release = r;
    });
    // Navigations carry Upgrade-Insecure-Requests, the fetch tried first does not: only the tab's
    // first load is held, until the test has closed the tab (a fixed 4 s hold could run out first
    // on a loaded machine, and the page was then read).
    fx.pages.route(async (req, res, url) => {
      if (url.pathname !== '/slow-tab/') return false;
      if (req.headers['upgrade-insecure-requests'] === '1') {
        tabAsks += 1;
        if (tabAsks === 1) await closed;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Slow page</title><p>Blanket.js works with Mocha.</p>');
      return true;
    });
    const slowUrl = `${fx.pages.origin}/slow-tab/`;
    fx.model.setTurns([toolCallTurn('visit', { url: [slowUrl], goal: 'coverage' })]);
    const { panel, sessionId } = await start(`What does ${slowUrl} say about Mocha?`);
    await expect.poll(() => tabAsks).toBe(1);
    const tabsAt = (url: string) =>
      panel.evaluate(
        async (u) => (await chrome.tabs.query({})).filter((t) => (t.pendingUrl || t.url || '').startsWith(u)),
        url,
      );
    const [tab] = await tabsAt(slowUrl);
    await panel.evaluate((id) => chrome.tabs.remove(id), tab?.id ?? -1);
    release();
    await waitForSession(panel, sessionId, 'paused');
    await panel
      .getByText(/was closed before the page was read/)
      .first()
      .waitFor();
    expect((await readSteps(panel, sessionId)).map((r) => String(r.status))).toEqual(['pending']);
    fx.model.setTurns([answerTurn('Blanket.js works with Mocha.')]);
    await panel.getByTestId('continue').click();
    await waitForSession(panel, sessionId, 'done');
    const steps = (await readSteps(panel, sessionId)).map(
      (r) => `${String(r.status)}:${(r.action as { action?: { kind: string } }).action?.kind}`,
    );
    expect(steps).toEqual(['done:visit', 'done:answer']);
    expect(tabAsks).toBe(2);
    await expect.poll(async () => (await tabsAt(slowUrl)).length).toBe(0);
  });
});
