import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { openPanel } from './helpers/open-panel';
import { artifactsDir } from './helpers/paths';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

/** The answer a user checks: a heading, a list label, a sentence the page states, one it does not. */
const ANSWER = [
  '## Coverage in the browser',
  '',
  '**What the page says:**',
  '',
  PAGE_SENTENCE,
  '',
  'It was first released on the Moon.',
].join('\n');

const visibleTip = (page: Page) => page.locator('[role=tooltip]:visible');

describe('citations users can trust, in the side panel', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture();
    b = await launchWithExtension();
    panel = await openPanel(b, { ...fx.settings, guideDone: true });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('shows the supporting words on hover and on keyboard focus; headings and labels get no mark', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [fx.pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(ANSWER),
    ]);
    await panel.getByTestId('question').fill('Which JavaScript coverage library works in the browser?');
    await panel.getByTestId('start').click();
    const answer = panel.getByTestId('answer');
    await answer.waitFor({ timeout: 60_000 });

    // The heading and the list label carry neither a citation nor the unsupported mark.
    expect(await answer.locator('h2 [data-testid]').count()).toBe(0);
    expect(await answer.locator('p').first().textContent()).toBe('What the page says:');
    const cite = answer.getByTestId('citation');
    expect(await cite.count()).toBe(1);
    // One quiet mark for the sentence no page states; never a tab stop.
    const marks = answer.getByTestId('unsupported');
    expect(await marks.count()).toBe(1);
    expect(await marks.first().evaluate((el) => (el as HTMLElement).tabIndex)).toBe(-1);

    // Hover: the quote from the page shows, and it is the link's accessible description.
    expect(await visibleTip(panel).count()).toBe(0);
    await cite.hover();
    await expect.poll(() => visibleTip(panel).count()).toBe(1);
    const tip = (await visibleTip(panel).textContent()) ?? '';
    expect(tip).toContain('Blanket.js is an easy to install');
    const described = await cite.getAttribute('aria-describedby');
    expect(await visibleTip(panel).getAttribute('id')).toBe(described);
    // The tooltip stays inside the 400 px panel.
    const box = await visibleTip(panel).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 400).toBe(true);
    // The page's site shows whole beside its long title, which gives way (the line was cut as one:
    // "…Code Covered | Code · …", the site lost).
    const site = await visibleTip(panel).evaluate((tip) => {
      const line = tip.firstElementChild as HTMLElement;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent?.indexOf('127.0.0.1') ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + '127.0.0.1'.length);
        return { right: range.getBoundingClientRect().right, edge: line.getBoundingClientRect().right };
      }
      return null;
    });
    expect(site && site.right <= site.edge + 0.5, JSON.stringify(site)).toBe(true);
    await panel.mouse.move(200, 880);
    await expect.poll(() => visibleTip(panel).count()).toBe(0);

    // Keyboard: tabbing reaches the citation (and never the unsupported mark); the quote shows.
    await panel.getByTestId('answer-section').evaluate((el) => {
      const start = document.createElement('button');
      start.id = 'tab-start';
      el.prepend(start);
      start.focus();
    });
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await panel.keyboard.press('Tab');
      const active = await panel.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      expect(active).not.toBe('unsupported');
      reached = active === 'citation';
    }
    expect(reached).toBe(true);
    // The helper button has done its job; the screenshot shows what a user sees.
    await panel.evaluate(() => document.getElementById('tab-start')?.remove());
    await expect.poll(() => visibleTip(panel).count()).toBe(1);
    expect(await visibleTip(panel).textContent()).toContain('Blanket.js is an easy to install');
    mkdirSync(artifactsDir, { recursive: true });
    await panel.screenshot({ path: path.join(artifactsDir, 'panel-citation-quote.png') });
    // Escape hides it while focus stays on the citation.
    await panel.keyboard.press('Escape');
    await expect.poll(() => visibleTip(panel).count()).toBe(0);
  });
});
