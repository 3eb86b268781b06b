import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccountSite, searchedQueries } from './helpers/account-site';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import {
  answerTurn,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

describe('public and private runs, in the real extension', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;
  // What reached the search API (the fixture's SearXNG endpoint), in order.
  const queries = {
    get length() {
      return searched().length;
    },
    slice: (from: number) => searched().slice(from),
  };
  const searched = () => searchedQueries(fx);

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 40, chunkDelayMs: 5 });
    routeAccountSite(fx);
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  /** "Research this page" from a panel beside the user's tab, as Chrome's side panel sits. */
  const researchThisPage = async (url: string, question: string) => {
    const userTab = await b.context.newPage();
    await userTab.goto(url);
    const popup = b.context.waitForEvent('page');
    await panel.evaluate(
      (u) => chrome.windows.create({ url: u, type: 'popup', focused: false }),
      panel.url(),
    );
    const side = await popup;
    await side.waitForLoadState();
    await side.getByTestId('research-page').click();
    const box = side.getByTestId('question');
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).not.toBe('');
    await box.fill(question);
    await side.getByTestId('start').click();
    return { side, userTab };
  };

  it('a private run (your signed-in page) asks before its first model-chosen search; "Allow the rest" lets the rest through', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['northwind reference ZX81 meaning'] }),
      toolCallTurn('search', { query: ['northwind support hours'] }),
      answerTurn('Your page lists your orders and a customer reference.'),
    ]);
    const before = queries.length;
    const { side, userTab } = await researchThisPage(
      `${fx.pages.origin}/login`,
      'What does my account page show?',
    );
    const card = side.getByTestId('send-approval');
    await card.waitFor({ timeout: 30_000 });
    expect(await side.getByTestId('send-approval-item').allTextContents()).toEqual([
      'northwind reference ZX81 meaning',
    ]);
    expect(await side.getByTestId('run-state').getAttribute('data-state')).toBe('waiting');
    expect(queries.slice(before)).toEqual([]);
    await b.screenshot(side, 'private-run-asks');

    // The run lives on without the panel: a panel opened again shows the same request.
    await side.close();
    const again = await b.openPage('extension/sidepanel/index.html');
    await again.getByTestId('send-approval').waitFor({ timeout: 15_000 });
    expect(queries.slice(before)).toEqual([]);
    await again.getByTestId('approve-rest').click();
    await again.getByTestId('answer').waitFor({ timeout: 30_000 });
    // Both searches left, the second without a request: the user allowed the rest of the run.
    expect(queries.slice(before)).toEqual(['northwind reference ZX81 meaning', 'northwind support hours']);
    expect(await again.getByTestId('send-approval').count()).toBe(0);
    await b.screenshot(again, 'private-run-allowed');
    await again.close();
    await userTab.close();
  });

  it('"Don\'t send" sends nothing, tells the model the user declined, and the run goes on to its answer', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['northwind customer lookup'] }),
      answerTurn('I could not search, so this comes from your page alone.'),
    ]);
    const before = queries.length;
    const requests = fx.model.requests.length;
    const { side, userTab } = await researchThisPage(
      `${fx.pages.origin}/account`,
      'What is on my account page?',
    );
    await side.getByTestId('send-approval').waitFor({ timeout: 30_000 });
    expect(await side.getByTestId('send-approval-item').allTextContents()).toEqual([
      'northwind customer lookup',
    ]);
    await side.getByTestId('approve-decline').click();
    await side.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(await side.getByTestId('answer').textContent()).toContain('from your page alone');
    expect(queries.slice(before)).toEqual([]);
    const sent = JSON.stringify(fx.model.requests.slice(requests).map((r) => r.body?.messages));
    expect(sent).toContain('The user declined to send this search query');
    // The trail says it in the user's words; the model's note (do not retry) is not shown.
    await side.getByTestId('trail-summary').click();
    const line = side.locator('[data-testid=step-card][data-kind=search]').first();
    await line.locator('button.line-row').click();
    expect(await line.textContent()).toContain('Not sent: northwind customer lookup');
    expect(await line.getByTestId('search-not-sent').textContent()).toContain("You didn't send this search");
    expect(await side.locator('body').textContent()).not.toContain('another way');
    await b.screenshot(side, 'private-run-declined');
    await side.close();
    await userTab.close();
  });

  it('Research this page on a public article stays one click: its signed-out read matches, so nothing asks', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['blanket.js mocha setup'] }),
      answerTurn('Blanket.js works with Mocha.'),
    ]);
    const chats = fx.model.requests.length;
    const before = queries.length;
    const { side, userTab } = await researchThisPage(fx.pageUrl, 'How do I set this up with Mocha?');
    await side.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(queries.slice(before)).toEqual(['blanket.js mocha setup']);
    expect(await side.getByTestId('send-approval').count()).toBe(0);
    // The model was given the page whole, its last lines included, not passages ranked for the question.
    const first = fx.model.requests.slice(chats).find((r) => r.path.endsWith('/chat/completions'));
    const sent = JSON.stringify(first?.body?.messages ?? []);
    expect(sent).toContain('So is code coverage silver bullet? No.');
    expect(sent).toContain('The evidence above is the whole page.');
    expect(await side.getByTestId('page-cut').count()).toBe(0);
    await side.close();
    await userTab.close();
  });

  it('a public run visits a URL the model wrote itself', async () => {
    const written = `${fx.pages.origin}/pages/001/?from=model`;
    fx.model.setTurns([
      toolCallTurn('visit', { url: [written], goal: 'What is Blanket.js?' }),
      answerTurn('Blanket.js is a coverage library.'),
    ]);
    const hits = fx.pages.hits.length;
    await panel.reload();
    await panel.getByTestId('question').fill('What is Blanket.js?');
    await panel.getByTestId('start').click();
    await panel.getByTestId('answer').waitFor({ timeout: 30_000 });
    expect(fx.pages.hits.slice(hits)).toContain('/pages/001/?from=model');
    expect(await panel.getByTestId('send-approval').count()).toBe(0);
  });
});
