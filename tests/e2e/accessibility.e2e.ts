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

  it('the side panel with a finished run has no serious or critical violations', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [fx.pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(`${PAGE_SENTENCE} It was first released on the Moon.`),
    ]);
    const panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
    await panel.getByTestId('question').fill('Which JavaScript coverage library works with Mocha?');
    await panel.keyboard.press('Enter');
    await panel.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(await seriousViolations(panel)).toEqual([]);
    await panel.getByTestId('open-history').click();
    await panel.getByTestId('history-item').first().waitFor();
    expect(await seriousViolations(panel)).toEqual([]);
  });

  it('the options page has no serious or critical violations', async () => {
    const page = await b.openPage('extension/options/index.html');
    await page.locator('input[name=stepLimit]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
