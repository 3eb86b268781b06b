import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { focusHidden } from './helpers/focus';
import { openPanel } from './helpers/open-panel';
import { shot } from './helpers/panel-shot';
import { type ResearchFixture, startResearchFixture } from './helpers/research-fixture';

/** Checkbox labels that wrap, and those whose box does not sit beside the first line of its text. */
async function checkboxesOffFirstLine(page: Page): Promise<{ wrapped: number; off: string[] }> {
  return page.evaluate(() => {
    let wrapped = 0;
    const off: string[] = [];
    for (const label of document.querySelectorAll<HTMLElement>('label.check')) {
      const box = label.querySelector('input')?.getBoundingClientRect();
      if (!box || box.width === 0) continue;
      const lines: DOMRect[] = [];
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        lines.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      const first = lines[0];
      if (!first) continue;
      if (new Set(lines.map((r) => Math.round(r.top))).size > 1) wrapped++;
      const middle = box.top + box.height / 2;
      if (middle < first.top || middle > first.bottom) off.push(label.textContent?.trim().slice(0, 40) ?? '');
    }
    return { wrapped, off };
  });
}

/**
 * Dropdown choices wider than the room the select gives it (its width less padding,
 * border and the arrow, taken as 20 px): once chosen, the browser cuts such a choice off mid-word.
 */
async function cutSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return ['no canvas'];
    const cut: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>('.options select')) {
      if (select.getBoundingClientRect().width === 0) continue;
      const css = getComputedStyle(select);
      ctx.font = `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
      const room =
        select.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight) - 20;
      for (const option of select.options) {
        const text = option.textContent ?? '';
        if (ctx.measureText(text).width > room) cut.push(`${select.name}: ${text}`);
      }
    }
    return cut;
  });
}

describe('the side panel people prefer: the options page at 400×900', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 8, chunkDelayMs: 12 });
    b = await launchWithExtension();
    // The settings a user has after a first run: the OpenAI-compatible engine and a search provider.
    const panel = await openPanel(b, { ...fx.settings, guideDone: true });
    await panel.close();
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('options come in sections with Save always in view', async () => {
    const page = await b.openPage('extension/options/index.html#search');
    await page.setViewportSize({ width: 400, height: 900 });
    await page.getByRole('main').waitFor();
    const search = page.locator('fieldset#search');
    await search.waitFor();
    await expect.poll(async () => (await search.boundingBox())?.y ?? 9999).toBeLessThan(300);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const inView = async () => {
      const box = await save.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 900;
    };
    expect(await inView()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inView()).toBe(true);
    // The providers sit flush with the section's text above them (they stood 20 px in, the indent of
    // a numbered list whose numbers did not show).
    const helpLeft = (await page.locator('fieldset#search > p').first().boundingBox())?.x;
    const rowLeft = (await page.getByTestId('search-provider').first().boundingBox())?.x;
    expect(
      helpLeft !== undefined && rowLeft !== undefined && Math.abs(rowLeft - helpLeft) <= 1,
      `${rowLeft} vs ${helpLeft}`,
    ).toBe(true);
    // A provider's checkbox lines up with the description under it (it stood 4 px further in).
    const provider = page.getByTestId('search-provider').first();
    const boxLeft = (await provider.getByTestId('provider-enabled').boundingBox())?.x;
    const textLeft = (await provider.locator('p').first().boundingBox())?.x;
    expect(
      boxLeft !== undefined && textLeft !== undefined && Math.abs(boxLeft - textLeft) <= 1,
      `${boxLeft} vs ${textLeft}`,
    ).toBe(true);
    // Every provider's ↑ and ↓ sit side by side on its first line ("Google Programmable Search"
    // pushed its ↓ under the checkbox, a line of its own).
    const arrows = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=search-provider]')].map((row) => {
        const top = (id: string) =>
          Math.round(row.querySelector(`[data-testid=${id}]`)?.getBoundingClientRect().top ?? -1);
        const name = row.querySelector('strong')?.getBoundingClientRect();
        return {
          name: row.getAttribute('data-provider'),
          up: top('provider-up'),
          down: top('provider-down'),
          nameTop: Math.round(name?.top ?? -1),
        };
      }),
    );
    for (const a of arrows) {
      expect(a.down, JSON.stringify(a)).toBe(a.up);
      expect(Math.abs(a.up - a.nameTop), JSON.stringify(a)).toBeLessThanOrEqual(8);
    }
    await shot(page, 'options-sections');
    // Keyboard focus never hides under the sticky header or the Save bar, going down or back up
    // (it went under the Save bar at the Instance URL field, under the header going back).
    expect(await focusHidden(page, 'Tab', 80)).toEqual([]);
    expect(await focusHidden(page, 'Shift+Tab', 40)).toEqual([]);
    // A checkbox whose label wraps at 400 px sits beside its first line, not between the lines.
    const checks = await checkboxesOffFirstLine(page);
    expect(checks.wrapped).toBeGreaterThan(0);
    expect(checks.off).toEqual([]);
    await page.close();
  });

  it('every dropdown shows its whole chosen option at 400 px', async () => {
    const page = await b.openPage('extension/options/index.html');
    await page.setViewportSize({ width: 400, height: 900 });
    await page.getByTestId('profile-select').waitFor();
    // Open the closed parts too, so their dropdowns are measured.
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
    expect(await cutSelects(page)).toEqual([]);
    await page.close();
  });

  // Issue 30 finding 6: the model name was free text although the connection test listed the models.
  it("offers the model server's models in a dropdown once Test connection reaches it", async () => {
    const server = await startScriptedModelServer({ models: ['qwen3:4b', 'llama3.2:3b'] });
    try {
      const page = await b.openPage('extension/options/index.html#model');
      await page.setViewportSize({ width: 400, height: 900 });
      await page.getByTestId('openai-base-url').fill(server.url);
      // Another URL than the saved one: its models are not known yet, so the name is typed.
      expect(await page.getByTestId('openai-model').evaluate((e) => e.tagName)).toBe('INPUT');
      await page.getByTestId('test-connection').click();
      await expect
        .poll(() => page.getByTestId('connection-result').textContent(), { timeout: 15_000 })
        .toMatch(/^Settings saved\. Connected: 2 models, \d+ ms\.$/);
      const model = page.locator('select[name=openaiModel]');
      expect(await model.locator('option').allTextContents()).toEqual([
        'scripted (not on this server)',
        'qwen3:4b',
        'llama3.2:3b',
        'Another name…',
      ]);
      await model.selectOption('llama3.2:3b');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
      // Read again from the server when the page opens: the saved choice is chosen in the list.
      await page.reload();
      await expect
        .poll(() => page.locator('select[name=openaiModel]').inputValue(), { timeout: 15_000 })
        .toBe('llama3.2:3b');
      await page.close();
    } finally {
      await server.close();
    }
  });
});
