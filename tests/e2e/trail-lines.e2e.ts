import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';

// Step lines as the trail draws them (src/ui/trajectory/step-line.tsx), under the panel's stylesheet.
const LINES = [
  [
    'visit',
    '3',
    'Could not read sre.google',
    '✗',
    'The page answered HTTP 404 (not found), so there was nothing to read.',
  ],
  ['visit', '4', 'Read sre.google, example.org', '◐', '1 of 2 pages read'],
  [
    'search',
    '1',
    'Searched: four golden signals of monitoring latency traffic errors saturation',
    '✓',
    '8 results',
  ],
] as const;

/** Each line's text, whether it is cut (its words wider than its box), and how wide its detail is. */
async function drawLines(page: Page) {
  return page.evaluate((lines) => {
    document.getElementById('trail-probe')?.remove();
    const box = document.createElement('div');
    box.id = 'trail-probe';
    box.className = 'panel';
    box.innerHTML = lines
      .map(
        ([kind, seq, text, mark, detail]) =>
          `<div class="step-line" data-kind="${kind}"><button type="button" class="line-row"><span class="seq">${seq}</span><span class="line-text">${text}</span><span class="outcome">${mark}</span><span class="line-detail">${detail}</span></button></div>`,
      )
      .join('');
    document.body.prepend(box);
    return [...box.querySelectorAll<HTMLElement>('.line-row')].map((row) => {
      const text = row.querySelector<HTMLElement>('.line-text') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(text);
      const words =
        [...range.getClientRects()].reduce((w, r) => Math.max(w, r.right), 0) -
        text.getBoundingClientRect().left;
      return {
        text: text.textContent,
        cut: words > text.getBoundingClientRect().width + 0.5,
        detail: row.querySelector<HTMLElement>('.line-detail')?.getBoundingClientRect().width ?? 0,
      };
    });
  }, LINES);
}

describe("the trail's step lines", () => {
  let b: ExtensionBrowser;
  let panel: Page;
  beforeAll(async () => {
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
  });
  afterAll(async () => {
    await b?.close();
  });

  it('show a read page\u2019s hosts whole at 400 px, with the reason beside them', async () => {
    // The host read "sre.g…": the reason beside it kept 40 % of the line.
    await panel.setViewportSize({ width: 400, height: 900 });
    const [failed, partial, search] = await drawLines(panel);
    expect(failed).toMatchObject({ text: 'Could not read sre.google', cut: false });
    expect(failed?.detail).toBeGreaterThan(60);
    expect(partial).toMatchObject({ cut: false });
    // A long query is still what gives way on a search line, beside its count.
    expect(search).toMatchObject({ cut: true });
    await panel.locator('#trail-probe').screenshot({ path: 'test-results/trail-lines-400.png' });
  });

  it('wrap rather than cut the hosts in a 230 px sidebar', async () => {
    await panel.setViewportSize({ width: 230, height: 900 });
    const lines = await drawLines(panel);
    expect(lines.slice(0, 2).map((l) => l.cut)).toEqual([false, false]);
    await panel.locator('#trail-probe').screenshot({ path: 'test-results/trail-lines-230.png' });
  });
});
