import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { chipLayouts } from './helpers/chip-measure';
import { openPanel } from './helpers/open-panel';
import { shot } from './helpers/panel-shot';
import {
  answerTurn,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

/** Three pages whose titles are as long as real articles' are, each stating one sentence. */
const PAGES = [
  {
    path: '/long/istanbul',
    title:
      'Code coverage for JavaScript in the browser and in Node: a practical comparison of Istanbul, Blanket.js and c8',
    sentence:
      'Istanbul instruments the source files before the tests run and writes one report for every file.',
  },
  {
    path: '/long/v8',
    title:
      'How the V8 engine counts covered bytes: native block coverage explained for people who write tests every day',
    sentence:
      'V8 collects block coverage natively, so the code under test runs without any instrumentation at all.',
  },
  {
    path: '/long/runners',
    title:
      'Mocha, Jest and Vitest side by side: which test runner reports coverage with the fewest settings to change',
    sentence:
      'Vitest reports coverage through its c8 provider when the coverage switch is given on the command line.',
  },
];

const pageHtml = (p: (typeof PAGES)[number]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${p.title}</title></head><body><article><h1>${p.title}</h1><p>${p.sentence}</p><p>${'Coverage tells you which lines ran while the tests ran, not whether they were checked. '.repeat(6)}</p></article></body></html>`;

describe('the side panel people prefer: the finished answer at 400 px', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 16, chunkDelayMs: 4 });
    // A search API of its own (Sleuth opens only links it has seen), under /alt on the same server.
    fx.pages.route((_req, res, url) => {
      if (url.pathname !== '/alt/search') return false;
      const results = PAGES.map((p) => ({
        title: p.title,
        url: `${fx.pages.origin}${p.path}`,
        content: p.sentence,
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ query: url.searchParams.get('q'), results }));
      return true;
    });
    fx.pages.route((_req, res, url) => {
      const page = PAGES.find((p) => p.path === url.pathname);
      if (!page) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pageHtml(page));
      return true;
    });
    b = await launchWithExtension();
    panel = await openPanel(b, {
      ...fx.settings,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: `${fx.pages.origin}/alt` }],
      guideDone: true,
    });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('shows most of each long source title, and "+ New question" costs no row', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['javascript coverage tools compared'] }),
      toolCallTurn('visit', {
        url: PAGES.map((p) => `${fx.pages.origin}${p.path}`),
        goal: 'How do the coverage tools differ?',
      }),
      answerTurn(PAGES.map((p) => p.sentence).join(' ')),
    ]);
    await panel.getByTestId('question').fill('Which JavaScript coverage library works with Mocha?');
    await panel.getByTestId('start').click();
    await panel.getByTestId('answer').waitFor({ timeout: 60_000 });
    await expect.poll(() => panel.locator('.source-chips .chip').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => panel.getByTestId('new-question').isVisible()).toBe(true);

    // Each long title shows on up to two lines inside the column: over 400 px of its words (a chip
    // among several was cut at 210 px, "Code coverage for JavaScript i…").
    const { row, chips } = await chipLayouts(panel);
    for (const c of chips) {
      expect(c.shownPx, JSON.stringify(c)).toBeGreaterThan(400);
      expect(c.lines, JSON.stringify(c)).toBeLessThanOrEqual(2);
      expect(c.left >= row.left && c.right <= row.right, JSON.stringify({ c, row })).toBe(true);
    }
    // The answer stays first, at the top of the panel, its source cards leading (issue 30).
    const answer = await panel.getByTestId('answer-section').boundingBox();
    expect(answer && answer.y < 200, JSON.stringify(answer)).toBe(true);
    const cards = await panel.getByTestId('sources').boundingBox();
    const text = await panel.getByTestId('answer').boundingBox();
    expect(cards && text && cards.y < text.y && cards.y + cards.height <= 900, JSON.stringify(cards)).toBe(
      true,
    );

    // "+ New" sits at the end of the question's first line instead of a row of its own (the question
    // started 44 px under the header; now 8 px).
    const place = await panel.evaluate(() => {
      const header = document.querySelector('.panel-header')?.getBoundingClientRect();
      const question = document.querySelector('.session-question');
      const button = document.querySelector('[data-testid=new-question]')?.getBoundingClientRect();
      const range = document.createRange();
      if (question) range.selectNodeContents(question);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0);
      const first = lines[0];
      const overlaps = lines.filter(
        (r) =>
          button &&
          r.right > button.left &&
          r.left < button.right &&
          r.bottom > button.top &&
          r.top < button.bottom,
      ).length;
      // The lines the question takes beside the button, and without it.
      const lineCount = () => Math.round((question?.getBoundingClientRect().height ?? 0) / 23);
      const beside = lineCount();
      const el = document.querySelector<HTMLElement>('[data-testid=new-question]');
      if (el) el.style.display = 'none';
      const alone = lineCount();
      if (el) el.style.display = '';
      return {
        beside,
        alone,
        gap: Math.round((question?.getBoundingClientRect().top ?? 0) - (header?.bottom ?? 0)),
        midGap:
          first && button ? Math.abs(first.top + first.height / 2 - (button.top + button.height / 2)) : 99,
        overlaps,
        right: Math.round((header?.right ?? 0) - (button?.right ?? 0)),
      };
    });
    expect(place.gap, JSON.stringify(place)).toBeLessThanOrEqual(12);
    // Nor a line of the question: "+ New question" beside it took this one from two lines to three.
    expect(place.beside, JSON.stringify(place)).toBe(place.alone);
    // Its name says what the short label does not.
    expect(await panel.getByRole('button', { name: 'New question' }).count()).toBe(1);
    expect(place.midGap, JSON.stringify(place)).toBeLessThanOrEqual(3);
    expect(place.overlaps, JSON.stringify(place)).toBe(0);
    expect(Math.abs(place.right), JSON.stringify(place)).toBeLessThanOrEqual(1);
    // Still the first stop after the header's Options, by keyboard.
    await panel.getByTestId('open-options').focus();
    await panel.keyboard.press('Tab');
    expect(await panel.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'new-question',
    );
    await shot(panel, 'panel-sources');
  });
});
