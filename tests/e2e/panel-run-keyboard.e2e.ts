import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { focusHidden } from './helpers/focus';
import { openPanel } from './helpers/open-panel';
import { type ResearchFixture, startResearchFixture, toolCallTurn } from './helpers/research-fixture';

/** Steps before the last, slow one: a trail far taller than the 900 px window. */
const STEPS = 36;

/** A last turn that streams for about half a minute unless stopped, so the run is still going. */
const slowLastTurn = {
  text: `<think>\n${Array.from({ length: 90 }, (_, i) => `Thought ${i}: compare source ${i * 3}.`).join(' ')}\n</think>\n<answer>\nnever\n</answer>`,
  chunkDelayMs: 60,
};

/** Focuses the last control of the session on screen (the end of the trail while it runs). */
async function lastFocusableInTrail(page: Page): Promise<void> {
  await page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>('.session button, .session summary, .session a')];
    all
      .filter((el) => el.getClientRects().length > 0)
      .at(-1)
      ?.focus();
  });
}

describe('the running view at 400×900, by keyboard', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 16, chunkDelayMs: 4 });
    b = await launchWithExtension();
    panel = await openPanel(b, { ...fx.settings, guideDone: true });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('hides "+ New question" while a run goes and brings it back when it is stopped', async () => {
    fx.model.setTurns([
      ...Array.from({ length: STEPS }, (_, i) => toolCallTurn('search', { query: [`coverage tool ${i}`] })),
      slowLastTurn,
    ]);
    await panel.getByTestId('question').fill('Which coverage tools are there?');
    await panel.getByTestId('start').click();
    await panel.getByTestId('controls').waitFor();
    // Starting another question from here would put it in this run's place while the run goes on
    // unseen; Stop is the way out of a run.
    expect(await panel.getByTestId('new-question').count()).toBe(0);
    await panel.locator(`[data-testid=live-step][data-seq="${STEPS}"]`).waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('new-question').count()).toBe(0);

    // Shift+Tab back up a long trail from its end: each control it reaches shows below the sticky
    // Stop / Answer now / Steer bar, never under it.
    const tall = await panel.evaluate(() => document.documentElement.scrollHeight);
    expect(tall, 'the trail is over a window and a half tall').toBeGreaterThan(1350);
    await panel.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await lastFocusableInTrail(panel);
    expect(await focusHidden(panel, 'Shift+Tab', STEPS + 8)).toEqual([]);
    // And forwards again, from the top.
    await panel.evaluate(() => window.scrollTo(0, 0));
    await panel.getByTestId('steer').focus();
    expect(await focusHidden(panel, 'Tab', STEPS + 4)).toEqual([]);

    await panel.getByTestId('stop').click();
    await expect
      .poll(() => panel.getByTestId('run-state').textContent(), { timeout: 15_000 })
      .toMatch(/^Stopped by you/);
    await expect.poll(() => panel.getByTestId('new-question').isVisible()).toBe(true);
  });
});
