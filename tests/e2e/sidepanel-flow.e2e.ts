import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { writeSettings } from './helpers/extension-db';
import { repoRoot, sharedFixtures } from './helpers/paths';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

const ANSWER = `${PAGE_SENTENCE} It was first released on the Moon.`;

describe('the side panel, as a user drives it', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let model: ResearchFixture['model'];
  let pageUrl: string;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 6, chunkDelayMs: 15 });
    ({ model, pageUrl } = fx);
    b = await launchWithExtension();
    panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await writeSettings(panel, fx.settings);
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('asks, streams the steps, cites only pages read, downloads markdown, and keeps the session', async () => {
    model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(ANSWER),
    ]);
    const errors = collectErrors(panel);
    const question = 'Which JavaScript coverage library works with Mocha?';
    await panel.getByTestId('question').fill(question);
    await panel.getByTestId('start').click();

    const search = panel.locator('[data-testid=step-card][data-kind=search]');
    await search.first().waitFor({ timeout: 20_000 });
    // A step is one line in words; opening it shows what the search found.
    expect(await search.first().textContent()).toContain('Searched: frontend javascript code coverage');
    await search.first().locator('button.line-row').click();
    await expect.poll(() => search.first().textContent()).toContain('Frontend code coverage');
    await b.screenshot(panel, 'sidepanel-mid-run');

    const answer = panel.getByTestId('answer');
    await answer.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.textContent()).toContain('Blanket.js');
    const hrefs = await panel
      .getByTestId('citation')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(new Set(hrefs)).toEqual(new Set([pageUrl]));
    expect(await panel.getByTestId('sources').textContent()).toContain(pageUrl);
    expect(await panel.locator('[data-testid=step-card][data-kind=visit]').count()).toBe(1);
    // The visit card says how the page was read: this server-rendered page needed no tab.
    // (The trail is folded under the answer, and a step line opens to its details.)
    await panel.getByTestId('trail-summary').click();
    await panel.locator('[data-testid=step-card][data-kind=visit] button.line-row').click();
    const via = panel.locator('[data-testid=step-card][data-kind=visit] [data-testid=read-via]');
    expect(await via.getAttribute('data-via')).toBe('fetch');
    expect(await via.textContent()).toBe('Read by fetching the page (no tab needed)');
    await b.screenshot(panel, 'sidepanel-answer');
    // The theme follows the system.
    const background = () => panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await panel.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).not.toBe(light);
    await b.screenshot(panel, 'sidepanel-answer-dark');
    await panel.emulateMedia({ colorScheme: 'light' });

    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      panel.getByTestId('download-md').click(),
    ]);
    const file = await download.path();
    const md = readFileSync(file, 'utf8');
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    expect(md).toContain(question);
    expect(md).toContain('Blanket.js is an easy to install');
    expect(md).toContain(pageUrl);
    expect(md).toMatch(/\[1\]/);
    // Sources list only pages read; the unread search result may appear in the trail alone.
    expect(md.split('## Research trail')[0]).not.toContain('/pages/elsewhere/');

    await panel.reload();
    await panel.getByTestId('open-history').click();
    const item = panel.getByTestId('history-item').filter({ hasText: question });
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('researches the page the user is on, seeded with its title and content', async () => {
    model.setTurns([answerTurn(ANSWER)]);
    const before = model.requests.length;
    const userTab = await b.context.newPage();
    await userTab.goto(pageUrl);
    const title = await userTab.title();
    // The panel sits beside the page in a window of its own, as Chrome's side panel does.
    const popupPromise = b.context.waitForEvent('page');
    await panel.evaluate((url) => chrome.windows.create({ url, type: 'popup', focused: false }), panel.url());
    const side = await popupPromise;
    await side.waitForLoadState();
    await side.getByTestId('research-page').click();
    const box = side.getByTestId('question');
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toContain(title.slice(0, 20));
    await side.getByTestId('start').click();
    await side.getByTestId('answer').waitFor({ timeout: 30_000 });
    const first = side.locator('[data-testid=step-card]').first();
    expect(await first.getAttribute('data-kind')).toBe('visit');
    // The line names the site read (its host name; the port is plumbing).
    expect(await first.textContent()).toContain(`Read ${new URL(pageUrl).hostname}`);
    const request = model.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
    const sent = JSON.stringify(request?.body?.messages ?? []);
    expect(sent).toContain(pageUrl);
    expect(sent).toContain('Blanket');
    await b.screenshot(side, 'sidepanel-research-page');
    await side.close();
    await userTab.close();
  });

  it('a context-menu pick reaches the panel: one already open, and one opened after', async () => {
    const userTab = await b.context.newPage();
    await userTab.goto(`${pageUrl}?from=menu`);
    const title = await userTab.title();
    const worker = await b.serviceWorker();
    const pick = async (kind: 'page' | 'selection', selection?: string) => {
      await worker.evaluate(
        async ({ kind, selection, url }) => {
          const [tab] = await chrome.tabs.query({ url });
          const run = (globalThis as unknown as { __sleuthResearchThisPage: (p: unknown) => Promise<void> })
            .__sleuthResearchThisPage;
          await run({ kind, tabId: tab?.id, windowId: tab?.windowId, ...(selection ? { selection } : {}) });
        },
        { kind, selection, url: userTab.url() },
      );
    };
    // A fresh panel on its research tab (an earlier test left it on the history).
    await panel.reload();
    const box = panel.getByTestId('question');
    await box.fill('');
    await pick('page');
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toContain(title.slice(0, 20));

    // With no panel open, the pick waits for the panel that opens next.
    await panel.close();
    await pick('selection', 'Blanket.js works with Mocha');
    panel = await b.openPage('extension/sidepanel/index.html');
    await expect
      .poll(() => panel.getByTestId('question').inputValue(), { timeout: 15_000 })
      .toContain('Blanket.js works with Mocha');
    await panel.getByTestId('status-offscreen').and(panel.locator('[data-state=ok]')).waitFor();
    await panel.getByTestId('question').fill('');
    await userTab.close();
  });

  it('reattaches to a running session after the panel closes, and takes steer and answer-now', async () => {
    // Varied text: a repeated sentence would be cut as degenerate repetition and re-sampled.
    const slowThink = Array.from(
      { length: 60 },
      (_, i) => `Thought ${i}: compare tool ${i * 7} with ${i * 13}.`,
    ).join(' ');
    model.setTurns([
      {
        text: `<think>\n${slowThink}\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["mocha coverage"]}}\n</tool_call>`,
        // About 16 s: the panel closes, a new one attaches, and the note and answer-now must still
        // reach the run before this step ends (at the fixture's 15 ms a chunk, 7 s: tight under load).
        chunkDelayMs: 35,
      },
      answerTurn(ANSWER),
    ]);
    const before = model.requests.length;
    await panel.reload();
    await panel.getByTestId('question').fill('Which coverage tool suits Mocha?');
    await panel.getByTestId('start').click();
    await panel.getByTestId('live-step').waitFor({ timeout: 15_000 });
    await panel.close();

    panel = await b.openPage('extension/sidepanel/index.html');
    await panel.getByTestId('stop').waitFor({ timeout: 15_000 });
    await panel.getByTestId('steer').fill('Prefer tools that still work in the browser.');
    await panel.getByTestId('steer-send').click();
    await panel.getByTestId('answer-now').click();
    await panel.getByTestId('answer').waitFor({ timeout: 30_000 });
    const chats = model.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'));
    const second = chats[1];
    const messages = (second?.body?.messages ?? []) as { content: string }[];
    const last = messages[messages.length - 1]?.content ?? '';
    expect(last).toContain('Prefer tools that still work in the browser.');
    expect(last).toContain('give your final answer');
    expect(await panel.getByTestId('stop').count()).toBe(0);
  });

  it('imports a DR-Venus trajectory and shows every step read-only', async () => {
    const shared = path.join(sharedFixtures, 'drvenus/sft/0000.json');
    const file = existsSync(shared) ? shared : path.join(repoRoot, 'tests/fixtures/drvenus/0000.json');
    const trajectory = JSON.parse(readFileSync(file, 'utf8')) as { messages: { role: string }[] };
    const turns = trajectory.messages.filter((m) => m.role === 'assistant').length;
    await panel.reload();
    await panel.getByTestId('open-history').click();
    await panel.getByTestId('import-json').setInputFiles(file);
    const cards = panel.locator('[data-testid=step-card]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(turns);
    expect(await panel.getByTestId('stop').count()).toBe(0);
    await b.screenshot(panel, 'sidepanel-import');
  });
});
