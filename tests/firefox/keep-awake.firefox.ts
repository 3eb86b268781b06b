import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession, sessionIds, waitForSession, writeSettings } from '../e2e/helpers/extension-db';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
} from '../e2e/helpers/research-fixture';
import {
  type FirefoxExtension,
  launchFirefoxWithExtension,
  PANEL_PATH,
  sendFromPage,
  waitForState,
} from './helpers/firefox';

/** Firefox suspends an idle event page after this long (30 s by default; shortened so the test is quick). */
const IDLE_MS = 4000;
const ICON = 'icons/icon-128.png';

describe('the Firefox background page and its idle suspension', () => {
  let ff: FirefoxExtension;
  let fx: ResearchFixture;

  beforeAll(async () => {
    // Slow streaming: the model's turns take several idle timeouts, with no extension API call inside.
    fx = await startResearchFixture({ chunkSize: 6, chunkDelayMs: 60 });
    ff = await launchFirefoxWithExtension({ prefs: { 'extensions.background.idle.timeout': IDLE_MS } });
  });
  afterAll(async () => {
    await ff?.close();
    await fx?.close();
  });

  it('stays awake through a long run with no Sleuth view open, and sleeps once the run is over', async () => {
    const { model, pageUrl } = fx;
    const think = Array.from({ length: 30 }, (_, i) => `Step ${i}: weigh source ${i * 3}.`).join(' ');
    model.setTurns([
      `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify({ name: 'visit', arguments: { url: [pageUrl], goal: 'coverage' } })}\n</tool_call>`,
      answerTurn(`<!-- ${think} -->\n${PAGE_SENTENCE}`),
    ]);
    const panel = await ff.panel();
    await waitForState(panel, 'status-offscreen', 'ok');
    await writeSettings(panel, fx.settings);
    const started = Date.now();
    await panel.locator('[data-testid=question]').fill(`What does ${pageUrl} say about coverage?`);
    await panel.locator('[data-testid=start]').click();
    await expect.poll(() => sessionIds(panel), { timeout: 15_000 }).toHaveLength(1);
    const [sessionId = ''] = await sessionIds(panel);

    // Leave only an extension page that is no Sleuth view (an icon), which can still read IndexedDB.
    // (Opened through the tabs API: Firefox blocks window.open without a user gesture.)
    const watcher = await ff.openPage(ICON);
    await panel.close();

    // A suspended page would leave the run "running" until the next start marks it paused.
    await waitForSession(watcher, sessionId, 'done', 60_000);
    expect(Date.now() - started).toBeGreaterThan(3 * IDLE_MS);
    expect(String((await readSession(watcher, sessionId))?.answer)).toContain('Blanket.js');
    const finished = Date.now();

    // With the run over and no view open, Firefox may suspend the page again. A panel opened for a
    // moment (and closed, so it keeps nothing awake) meets a background page started after the run.
    const startedAtSeenByAPanel = async () => {
      const view = await ff.openPage(PANEL_PATH);
      const ping = await sendFromPage(view, 'router.ping', {});
      await view.close();
      return (ping.value as { startedAt: number }).startedAt;
    };
    await expect
      .poll(startedAtSeenByAPanel, { interval: 2 * IDLE_MS, timeout: 60_000 })
      .toBeGreaterThan(finished);
  });
});
