import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { openPanel } from './helpers/open-panel';
import { shot } from './helpers/panel-shot';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

const CJK = /[\u4e00-\u9fff]/;

describe('a finished answer in the Chinese panel at 400×900', () => {
  let b: ExtensionBrowser;
  let fx: ResearchFixture;
  let panel: Page;

  beforeAll(async () => {
    fx = await startResearchFixture({ chunkSize: 40, chunkDelayMs: 2 });
    b = await launchWithExtension({ locale: 'zh-CN' });
    panel = await openPanel(b, { ...fx.settings, guideDone: true });
  });
  afterAll(async () => {
    await b?.close();
    await fx?.close();
  });

  it('words its own chrome in Chinese around the answer, its sources and its trail', async () => {
    fx.model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [fx.pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(`## 简短回答\n\n${PAGE_SENTENCE} 它在浏览器中随测试一起生成报告。`),
    ]);
    await panel.getByTestId('question').fill('哪个 JavaScript 覆盖率库可以和 Mocha 一起用？');
    await panel.getByTestId('start').click();
    await panel.getByTestId('answer').waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('open-options').textContent()).toBe('设置');
    expect(await panel.getByTestId('answer-model').textContent()).toMatch(CJK);
    expect(await panel.locator('[data-testid=sources] .chip').count()).toBeGreaterThanOrEqual(1);
    await shot(panel, 'answer-zh');
    // The trail's lines, in Chinese too.
    const lines = await panel.locator('[data-testid=step-card] .line-text').allTextContents();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line, line).toMatch(CJK);
    await panel.getByTestId('trail-summary').click();
    // Opened, the page read shows what it gave the model, with its panel's words.
    await panel.locator('[data-testid=step-card][data-kind=visit] .line-row').click();
    await panel.getByTestId('read-via').first().waitFor();
    expect(await panel.getByTestId('read-via').first().textContent()).toMatch(CJK);
    await panel.getByTestId('trail-summary').scrollIntoViewIfNeeded();
    await shot(panel, 'answer-zh-trail');
  });
});
