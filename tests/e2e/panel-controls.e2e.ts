import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import { openPanel } from './helpers/open-panel';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';
import { slowerTurn } from './helpers/slow-turns';

// The side panel people prefer (issue 14): controls that answer back and a failure that says so.
// The failed run goes first: the steering run then starts from its session, with "+ New question".
describe('the side panel people prefer: controls and failures', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 8, chunkDelayMs: 12 });
    b = await launchWithExtension();
    panel = await openPanel(b, { ...fx.settings, guideDone: true });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('a run whose every search failed ends as failed, with a way to the search settings', async () => {
    await writeSettings(panel, {
      ...fx.settings,
      guideDone: true,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: `${fx.pages.origin}/broken` }],
    });
    fx.model.setTurns([
      // Queries no earlier test searched: a cached result would (rightly) count as a search that worked.
      toolCallTurn('search', { query: ['istanbul branch coverage'] }),
      toolCallTurn('search', { query: ['nyc mocha reporter'] }),
      answerTurn('I could not find anything.'),
    ]);
    await panel.reload();
    await panel.getByTestId('question').fill('Will every search fail?');
    await panel.getByTestId('start').click();
    const banner = panel.getByTestId('error-banner');
    await expect.poll(() => banner.textContent(), { timeout: 30_000 }).toContain('Every search failed');
    expect(await panel.getByTestId('open-search-settings').isVisible()).toBe(true);
    await expect.poll(() => panel.getByTestId('run-state').textContent()).toBe('Failed');
    const id = await panel.evaluate(() => document.querySelector('.session')?.getAttribute('data-status'));
    expect(id).toBe('error');
    await writeSettings(panel, { ...fx.settings, guideDone: true });
  });

  it('answers back at once: the note shows in the trail, "Writing the answer…", controls stay in view', async () => {
    fx.model.setTurns([
      // Notes take effect between steps: both must be given while this step (about 15 s) is written.
      slowerTurn(
        20,
        120,
        'steering',
        '<tool_call>\n{"name": "search", "arguments": {"query": ["mocha coverage"]}}\n</tool_call>',
      ),
      answerTurn(`${PAGE_SENTENCE}`),
    ]);
    await panel.getByTestId('new-question').click();
    await panel.getByTestId('question').fill('Which coverage tool suits Mocha best?');
    await panel.getByTestId('start').click();
    await expect
      .poll(() => panel.getByTestId('live-step').textContent(), { timeout: 15_000 })
      .toContain('Thought 2');
    const steer = panel.getByTestId('steer');
    const widthBefore = (await steer.boundingBox())?.width ?? 0;
    await steer.fill('Prefer tools that still work in the browser.');
    await panel.getByTestId('steer-send').click();
    await expect
      .poll(() => panel.getByTestId('trail-note').first().textContent(), { timeout: 5000 })
      .toContain('Prefer tools that still work in the browser.');
    // At once: the note shows while the first step is still being written, not when it ends.
    expect(await panel.locator('[data-testid=live-step][data-seq="0"]').count()).toBe(1);
    // Saying the note was sent does not squeeze the box for the next one.
    expect(widthBefore).toBeGreaterThan(200);
    expect(Math.abs(((await steer.boundingBox())?.width ?? 0) - widthBefore)).toBeLessThan(2);
    await panel.getByTestId('answer-now').click();
    await expect
      .poll(() => panel.getByTestId('run-state').textContent(), { timeout: 5000 })
      .toBe('Writing the answer…');
    expect(await panel.locator('[data-testid=live-step][data-seq="0"]').count()).toBe(1);
    // Scrolled to the end of a long trail, the controls are still on screen.
    await panel.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await panel.getByTestId('controls').boundingBox();
    expect(bar && bar.y >= 0 && bar.y + bar.height <= 900).toBe(true);
    await panel.getByTestId('answer').waitFor({ timeout: 30_000 });
    // The answer's note names the one cause, not the three it might have been.
    const note = await panel.locator('[data-testid=answer-section] .note').textContent();
    expect(note).toBe(
      'You asked for the answer now, so the research stopped early and this answer may be incomplete.',
    );
    // The forced turn says what happened in the user's words, never the instruction sent to the model.
    await panel.getByTestId('trail-summary').click();
    for (const line of await panel.locator('[data-testid=step-card] button.line-row').all())
      await line.click();
    // What a user reads (innerText leaves out the closed "raw" view, where the model's text may be seen).
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would include the closed raw view
    const text = await panel.locator('main').innerText();
    expect(text).not.toContain('<answer>');
    expect(text).not.toContain('Stop researching now');
    expect(text).toContain('Asked for the final answer now.');
    expect(text).toContain('Your note: Prefer tools that still work in the browser.');
  });
});
