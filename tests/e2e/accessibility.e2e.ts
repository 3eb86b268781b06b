import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings; evaluated through CDP, so the page's CSP does not block it. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility (axe-core)', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;

  beforeAll(async () => {
    fx = await startResearchFixture();
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  /** Checked in the light theme and again in the dark one: contrast differs between them. */
  async function bothThemes(page: Page): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      out[colorScheme] = await seriousViolations(page);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    return out;
  }
  const clean = { light: [], dark: [] };

  it('the side panel (first-run guide, finished run, history) has none, light or dark', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [fx.pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(`${PAGE_SENTENCE} It was first released on the Moon.`),
    ]);
    const panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
    await panel.reload();
    await panel.getByTestId('first-run-guide').waitFor();
    await panel
      .getByTestId('guide-search-result')
      .and(panel.locator('[data-ok]:not([data-ok=""])'))
      .waitFor();
    expect(await bothThemes(panel)).toEqual(clean);
    await panel.getByTestId('question').fill('Which JavaScript coverage library works with Mocha?');
    await panel.keyboard.press('Enter');
    await panel.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(await bothThemes(panel)).toEqual(clean);
    // The trail opened, with a step's card, and the health details.
    await panel.getByTestId('trail-summary').click();
    await panel.locator('[data-testid=step-card] button.line-row').first().click();
    await panel.getByTestId('health').click();
    expect(await bothThemes(panel)).toEqual(clean);
    await panel.getByTestId('open-history').click();
    await panel.getByTestId('history-item').first().waitFor();
    await panel.getByTestId('history-menu').click();
    expect(await bothThemes(panel)).toEqual(clean);
  });

  it('the options page has none, light or dark, and its content is in a main landmark', async () => {
    const page = await b.openPage('extension/options/index.html');
    await page.locator('input[name=stepLimit]').waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(await bothThemes(page)).toEqual(clean);
  });
});
