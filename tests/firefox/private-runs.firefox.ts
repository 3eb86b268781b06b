import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccountSite, searchedQueries } from '../e2e/helpers/account-site';
import { writeSettings } from '../e2e/helpers/extension-db';
import {
  answerTurn,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from '../e2e/helpers/research-fixture';
import {
  type FirefoxExtension,
  launchFirefoxWithExtension,
  PANEL_PATH,
  reloadExtensionPage,
  waitForState,
} from './helpers/firefox';

const texts = (page: Page, selector: string) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector);
const count = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelectorAll(`[data-testid="${id}"]`).length, testId);
const click = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).click();

describe('public and private runs in Firefox', () => {
  let ff: FirefoxExtension;
  let fx: ResearchFixture;
  let panel: Page;
  const searched = () => searchedQueries(fx);

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 40, chunkDelayMs: 5 });
    routeAccountSite(fx);
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
    await waitForState(panel, 'status-offscreen', 'ok');
    await writeSettings(panel, fx.settings);
  });
  afterAll(async () => {
    await ff?.close();
    await fx?.close();
  });

  it('a private run (your signed-in page) asks before its first model-chosen search; "Allow the rest" ends the asking', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['northwind reference ZX81 meaning'] }),
      toolCallTurn('search', { query: ['northwind support hours'] }),
      answerTurn('Your page lists your orders and a customer reference.'),
    ]);
    const before = searched().length;
    const userTab = await ff.browser.newPage();
    await userTab.goto(`${fx.pages.origin}/login`);
    await userTab.bringToFront();
    // The panel sits beside the page in a window of its own, as the sidebar sits beside it.
    const side = await ff.openPage(PANEL_PATH, { popup: true });
    await click(side, 'research-page');
    const question = () => side.$eval('[data-testid=question]', (e) => (e as HTMLTextAreaElement).value);
    await expect.poll(question, { timeout: 15_000 }).not.toBe('');
    await side.locator('[data-testid=question]').fill('What does my account page show?');
    await click(side, 'start');

    await side.locator('[data-testid=send-approval]').wait();
    expect(await texts(side, '[data-testid=send-approval-item]')).toEqual([
      'northwind reference ZX81 meaning',
    ]);
    expect(searched().slice(before)).toEqual([]);
    await ff.screenshot(side, 'firefox-private-run-asks');

    await click(side, 'approve-rest');
    await expect
      .poll(() => texts(side, '[data-testid=answer]'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('customer reference')]);
    // Both searches left, the second without a request: the user allowed the rest of the run.
    expect(searched().slice(before)).toEqual(['northwind reference ZX81 meaning', 'northwind support hours']);
    expect(await count(side, 'send-approval')).toBe(0);
    await side.close();
    await userTab.close();
  });

  it('a public run opens a URL the model wrote itself', async () => {
    const written = `${fx.pages.origin}/pages/001/?from=model`;
    fx.model.setTurns([
      toolCallTurn('visit', { url: [written], goal: 'What is Blanket.js?' }),
      answerTurn('Blanket.js is a coverage library.'),
    ]);
    const hits = fx.pages.hits.length;
    await panel.bringToFront();
    await reloadExtensionPage(panel);
    await panel.locator('[data-testid=question]').fill('What is Blanket.js?');
    await click(panel, 'start');
    await expect
      .poll(() => texts(panel, '[data-testid=answer]'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('coverage library')]);
    expect(fx.pages.hits.slice(hits)).toContain('/pages/001/?from=model');
    expect(await count(panel, 'send-approval')).toBe(0);
  });
});
