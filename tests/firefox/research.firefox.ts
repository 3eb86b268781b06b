import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQwenCounter } from '../../scripts/lib/qwen-counter';
import { estimateTokens, MESSAGE_OVERHEAD, REPLY_PREFIX } from '../../src/agent/budget';
import {
  readSession,
  readSteps,
  sessionIds,
  waitForSession,
  writeSettings,
} from '../e2e/helpers/extension-db';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from '../e2e/helpers/research-fixture';
import {
  type FirefoxExtension,
  launchFirefoxWithExtension,
  PANEL_PATH,
  reloadExtensionPage,
  sendFromPage,
  waitForState,
} from './helpers/firefox';

const ANSWER = `${PAGE_SENTENCE} It was first released on the Moon.`;

const texts = (page: Page, selector: string) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector);
const attrs = (page: Page, selector: string, attr: string) =>
  page.evaluate((s, a) => [...document.querySelectorAll(s)].map((e) => e.getAttribute(a)), selector, attr);
const click = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).click();
/** The panel's Research view (the first of its two view buttons). */
const showResearch = (page: Page) => page.locator('nav.tabs button:first-of-type').click();
const chatRequests = (fx: ResearchFixture) =>
  fx.model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

describe('research in Firefox: the background page runs it, Firefox tabs read the pages', () => {
  let ff: FirefoxExtension;
  let fx: ResearchFixture;
  let panel: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 6, chunkDelayMs: 15 });
    ff = await launchFirefoxWithExtension();
    panel = await ff.panel();
    panel.on('pageerror', (e) => errors.push(String(e)));
    await waitForState(panel, 'status-offscreen', 'ok');
    await writeSettings(panel, fx.settings);
  });
  afterAll(async () => {
    await ff?.close();
    await fx?.close();
  });

  it('asks from the panel, reads the page, answers with citations, downloads markdown, keeps it', async () => {
    const { model, pageUrl } = fx;
    model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(ANSWER),
    ]);
    const question = 'Which JavaScript coverage library works with Mocha?';
    await panel.locator('[data-testid=question]').fill(question);
    await click(panel, 'start');

    const search = '[data-testid=step-card][data-kind=search]';
    // A step is one line in words; opening it shows what the search found.
    await expect
      .poll(() => texts(panel, search), { timeout: 20_000 })
      .toEqual([expect.stringContaining('Searched: frontend javascript code coverage')]);
    await panel.locator(`${search} button.line-row`).click();
    await expect
      .poll(() => texts(panel, search))
      .toEqual([expect.stringContaining('Frontend code coverage')]);
    await ff.screenshot(panel, 'firefox-mid-run');

    await expect
      .poll(() => texts(panel, '[data-testid=answer]'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Blanket.js')]);
    expect(new Set(await attrs(panel, '[data-testid=citation]', 'href'))).toEqual(new Set([pageUrl]));
    expect((await texts(panel, '[data-testid=sources]')).join()).toContain(pageUrl);
    expect(await texts(panel, '[data-testid=step-card][data-kind=visit]')).toHaveLength(1);
    await ff.screenshot(panel, 'firefox-answer');

    // The server-rendered page needed no tab: the background page fetched it (signed out), and no
    // agent tab is left open.
    expect(fx.pages.hits).toContain('/pages/001/');
    const [sessionId = ''] = await sessionIds(panel);
    const visit = (await readSteps(panel, sessionId)).find(
      (s) => (s.result as { tool?: string } | undefined)?.tool === 'visit',
    );
    expect((visit?.result as { pages?: { via?: string }[] } | undefined)?.pages?.[0]?.via).toBe('fetch');
    const open = await panel.evaluate(async (url) => (await chrome.tabs.query({ url })).length, pageUrl);
    expect(open).toBe(0);

    // Export: Firefox saves the download where the profile says, without a dialog.
    await click(panel, 'download-md');
    const mdFile = () => readdirSync(ff.downloadsDir).find((f) => f.endsWith('.md'));
    await expect.poll(mdFile, { timeout: 15_000 }).toBeDefined();
    const file = path.join(ff.downloadsDir, mdFile() ?? '');
    await expect.poll(() => existsSync(file) && readFileSync(file, 'utf8').includes(pageUrl)).toBe(true);
    const md = readFileSync(file, 'utf8');
    expect(md).toContain(question);
    expect(md).toContain('Blanket.js is an easy to install');
    expect(md).toMatch(/\[1\]/);

    // History keeps the run after the panel reloads.
    await reloadExtensionPage(panel);
    await click(panel, 'open-history');
    await expect
      .poll(() => texts(panel, '[data-testid=history-item]'), { timeout: 15_000 })
      .toEqual([expect.stringContaining(question)]);
    await ff.screenshot(panel, 'firefox-history');
    expect(errors).toEqual([]);
  });

  it('researches the page the user is on, seeded with its title and content', async () => {
    const { model, pageUrl } = fx;
    model.setTurns([answerTurn(ANSWER)]);
    const before = model.requests.length;
    const userTab = await ff.browser.newPage();
    await userTab.goto(pageUrl);
    await userTab.bringToFront();
    const title = await userTab.title();
    // The panel sits beside the page in a window of its own, as the sidebar sits beside it.
    const side = await ff.openPage(PANEL_PATH, { popup: true });
    await click(side, 'research-page');
    const question = () => side.$eval('[data-testid=question]', (e) => (e as HTMLTextAreaElement).value);
    await expect.poll(question, { timeout: 15_000 }).toContain(title.slice(0, 20));
    await click(side, 'start');
    await expect
      .poll(() => texts(side, '[data-testid=answer]'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Blanket.js')]);
    expect((await attrs(side, '[data-testid=step-card]', 'data-kind'))[0]).toBe('visit');
    const request = model.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
    const sent = JSON.stringify(request?.body?.messages ?? []);
    expect(sent).toContain(pageUrl);
    expect(sent).toContain('Blanket');
    await ff.screenshot(side, 'firefox-research-page');
    await side.close();
    await userTab.close();
  });

  it('a run cut by the background page restarting is paused, and continues where it stopped', async () => {
    const { model, pageUrl } = fx;
    const think = Array.from({ length: 40 }, (_, i) => `Step ${i}: weigh source ${i * 3}.`).join(' ');
    model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      {
        text: `<think>\n${think}\n</think>\n<tool_call>\n${JSON.stringify({ name: 'visit', arguments: { url: [pageUrl], goal: 'coverage' } })}\n</tool_call>`,
        // About 10 s, so the restart below lands while this turn streams on a slow machine too (at
        // the fixture's 15 ms a chunk it ended after under 3 s).
        chunkDelayMs: 60,
      },
    ]);
    const before = (await sendFromPage(panel, 'router.ping', {})).value as { startedAt: number };
    const known = new Set(await sessionIds(panel));
    const chats = chatRequests(fx);
    await panel.bringToFront();
    await showResearch(panel);
    await panel.locator('[data-testid=question]').fill('Which coverage library works with Mocha, resumed?');
    await click(panel, 'start');
    // Restart while the second turn streams: the search step is saved, the second is not finished.
    await expect.poll(() => chatRequests(fx) - chats, { timeout: 20_000 }).toBe(2);
    const sessionId = (await sessionIds(panel)).find((id) => !known.has(id)) ?? '';
    await ff.reloadBackground();

    model.setTurns([
      toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(PAGE_SENTENCE),
    ]);
    // The new background page marks the run it did not start as paused.
    await waitForSession(panel, sessionId, 'paused', 20_000);
    const after = (await sendFromPage(panel, 'router.ping', {})).value as { startedAt: number };
    expect(after.startedAt).toBeGreaterThan(before.startedAt);
    await reloadExtensionPage(panel);
    await click(panel, 'open-history');
    await panel.locator('[data-testid=history-continue]').wait();
    await ff.screenshot(panel, 'firefox-paused');
    await click(panel, 'history-continue');
    await waitForSession(panel, sessionId, 'done');
    expect(String((await readSession(panel, sessionId))?.answer)).toContain('Blanket.js');
    const kinds = (await readSteps(panel, sessionId)).map(
      (r) => (r.action as { action?: { kind: string } }).action?.kind ?? '?',
    );
    // The search was not repeated: the run continued after it.
    expect(kinds).toEqual(['search', 'visit', 'answer']);
  });

  it("counts a DR-Venus model's prompt in Qwen3's own tokens (the tokenizer ships as data)", async () => {
    await writeSettings(panel, { ...fx.settings, openaiModel: 'DR-Venus-4B-RL' });
    await reloadExtensionPage(panel);
    await showResearch(panel);
    const before = fx.model.requests.length;
    fx.model.setTurns([answerTurn(ANSWER)]);
    await panel
      .locator('[data-testid=question]')
      .fill('Which coverage library works with Mocha? Answer now.');
    await click(panel, 'start');
    const ids = await sessionIds(panel);
    await expect.poll(async () => (await sessionIds(panel)).length, { timeout: 15_000 }).toBe(ids.length + 1);
    const id = (await sessionIds(panel)).find((x) => !ids.includes(x)) ?? '';
    await waitForSession(panel, id, 'done');
    const recorded = (await readSteps(panel, id)).map(
      (s) => (s.action as { tokens?: { prompt?: number } }).tokens?.prompt ?? 0,
    );
    const chat = fx.model.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
    const messages = (chat?.body as { messages?: { content: string }[] } | undefined)?.messages ?? [];
    const qwen = createQwenCounter();
    const count = (f: (t: string) => number) =>
      messages.reduce((sum, m) => sum + f(m.content) + MESSAGE_OVERHEAD, REPLY_PREFIX);
    const exact = count((t) => Number(qwen.count(t)));
    expect(count(estimateTokens)).toBeGreaterThan(exact * 1.05);
    expect(Math.max(...recorded)).toBe(exact);
  });
});
