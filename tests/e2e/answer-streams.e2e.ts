import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { openPanel } from './helpers/open-panel';
import { shot } from './helpers/panel-shot';
import {
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

// Twelve characters a chunk: the answer turn's thought is padded so that one chunk is exactly
// "</think>\n<an", the chunking that showed "Choosing the next step… <an" (issue 30).
const CHUNK = 12;
const THINK_END = '</think>\n<an';

function answerTurnSplitAtThink(answer: string): string {
  let think = '<think>\nThe page answers it; I will write the answer now.';
  while ((think.length + 1) % CHUNK !== 0) think += '.';
  const text = `${think}\n</think>\n<answer>\n${answer}\n</answer>`;
  if (text.indexOf(THINK_END) % CHUNK !== 0) throw new Error('padding is off');
  return text;
}

const ANSWER = [
  '## Short answer',
  '',
  `${PAGE_SENTENCE} It runs its reports in the browser as the tests go.`,
  '',
  '## Details',
  '',
  ...Array.from(
    { length: 6 },
    (_, i) => `- Point ${i + 1}: Mocha runs the tests and Blanket.js counts the lines run.`,
  ),
].join('\n');

/** Records every distinct length of the streamed answer on screen, and any live line with a tag in it. */
async function watchAnswer(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const w = window as unknown as { seenLengths: number[]; tagLines: string[] };
    w.seenLengths = [];
    w.tagLines = [];
    new MutationObserver(() => {
      const body = document.querySelector('[data-testid=answer-draft] .answer-body');
      const n = body?.textContent?.length ?? 0;
      if (n > 0 && !w.seenLengths.includes(n)) w.seenLengths.push(n);
      const live = document.querySelector('[data-testid=live-step] .line-text')?.textContent ?? '';
      if (/<|>/.test(live)) w.tagLines.push(live);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

describe('the answer streams into place as it is written', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: CHUNK, chunkDelayMs: 5 });
    b = await launchWithExtension();
    panel = await openPanel(b, { ...fx.settings, guideDone: true });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('grows on screen during the answer turn, with "</think>\\n<an" in one chunk', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [fx.pageUrl], goal: 'Which coverage library works with Mocha?' }),
      { text: answerTurnSplitAtThink(ANSWER), chunkDelayMs: 60 },
    ]);
    await watchAnswer(panel);
    await panel.getByTestId('question').fill('Which JavaScript coverage library works with Mocha?');
    await panel.getByTestId('start').click();
    const draft = panel.getByTestId('answer-draft');
    await draft.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => draft.locator('.answer-body h2').first().textContent(), { timeout: 30_000 })
      .toBe('Short answer');
    await shot(panel, 'answer-streaming');
    await panel.getByTestId('answer').waitFor({ timeout: 60_000 });
    const seen = await panel.evaluate(
      () => window as unknown as { seenLengths: number[]; tagLines: string[] },
    );
    const lengths = await panel.evaluate(() => (window as unknown as { seenLengths: number[] }).seenLengths);
    const tagLines = await panel.evaluate(() => (window as unknown as { tagLines: string[] }).tagLines);
    expect(seen).toBeTruthy();
    expect(lengths.length, JSON.stringify(lengths)).toBeGreaterThanOrEqual(5);
    expect(tagLines).toEqual([]);
    // The finished answer took the draft's place: no tag fragment anywhere in it.
    expect(await panel.getByTestId('answer-draft').count()).toBe(0);
    expect(await panel.getByTestId('answer').textContent()).not.toMatch(/<an|answer>/);
  });

  it('sources lead, inside the viewport at run end, and the answer names its model', async () => {
    const cards = panel.locator('[data-testid=sources] .chip');
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    const box = await cards.first().boundingBox();
    const answerBox = await panel.getByTestId('answer').boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 900, JSON.stringify(box)).toBe(true);
    // Above the answer's text, not under it.
    expect(box && answerBox && box.y < answerBox.y).toBe(true);
    expect(await panel.getByTestId('answer-model').textContent()).toBe('Written by scripted');
    await cards.first().hover();
    await expect.poll(() => panel.getByTestId('source-passage').first().isVisible()).toBe(true);
    await shot(panel, 'answer-sources-lead');
  });

  it("a follow-up's heading is what was typed, the earlier Q&A a line above it", async () => {
    const suggested = panel.getByTestId('suggested-follow-up');
    const n = await suggested.count();
    expect(n >= 2 && n <= 3, String(n)).toBe(true);
    fx.model.setTurns([
      { text: answerTurnSplitAtThink(`${PAGE_SENTENCE} Jest has its own.`), chunkDelayMs: 40 },
    ]);
    const typed = 'And does it work with Jest?';
    await panel.getByTestId('follow-up').fill(typed);
    await panel.getByTestId('follow-up-send').click();
    const title = panel.locator('#session-title');
    await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe(typed);
    // While it runs and after: never the model's prompt with the earlier answer.
    const earlier = panel.getByTestId('thread-question');
    await earlier.first().waitFor({ timeout: 30_000 });
    expect(await earlier.count()).toBe(1);
    expect(await earlier.first().textContent()).toBe('Which JavaScript coverage library works with Mocha?');
    const a = await earlier.first().boundingBox();
    const b2 = await title.boundingBox();
    expect(a && b2 && a.y < b2.y && a.height < 30, JSON.stringify([a, b2])).toBe(true);
    await panel.getByTestId('answer').waitFor({ timeout: 60_000 });
    expect(await title.textContent()).toBe(typed);
    // Opened, the earlier question shows its answer with its sources.
    await earlier.first().click();
    await expect.poll(() => panel.locator('.thread-earlier [data-testid=answer]').count()).toBe(1);
    expect(await panel.locator('.thread-earlier [data-testid=sources] .chip').count()).toBeGreaterThanOrEqual(
      1,
    );
    await earlier.first().click();
    await shot(panel, 'answer-follow-up');
    // The thread is one history entry: its latest question.
    await panel.getByRole('button', { name: 'History', exact: true }).click();
    const rows = panel.locator('[data-testid=history-item]');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(typed);
  });
});
