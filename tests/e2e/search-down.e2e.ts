import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension } from './helpers/browser';
import { openPanel } from './helpers/open-panel';
import { shot } from './helpers/panel-shot';
import {
  answerTurn,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

/** A port on 127.0.0.1 that nothing listens on: a SearXNG the user has stopped. */
async function stoppedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

// Issue 30 item 7: a SearXNG on 127.0.0.1 that is not running was reported as "Check the internet
// connection", three times, and in English in the Chinese panel.
describe('a stopped SearXNG on 127.0.0.1', () => {
  let fx: ResearchFixture;
  let searxng: string;

  beforeAll(async () => {
    fx = await startResearchFixture();
    searxng = `http://127.0.0.1:${await stoppedPort()}`;
  });
  afterAll(async () => {
    await fx?.close();
  });

  const run = async (locale: string | undefined, question: string) => {
    const b = await launchWithExtension(locale ? { locale } : {});
    const panel = await openPanel(b, {
      ...fx.settings,
      guideDone: true,
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: searxng }],
    });
    fx.model.setTurns([
      toolCallTurn('search', { query: [`${question} one`] }),
      toolCallTurn('search', { query: [`${question} two`] }),
      answerTurn('I could not find anything.'),
    ]);
    await panel.getByTestId('question').fill(question);
    await panel.getByTestId('start').click();
    const banner = panel.getByTestId('error-banner');
    await banner.waitFor({ timeout: 30_000 });
    await expect.poll(() => banner.getAttribute('class'), { timeout: 30_000 }).toContain('error');
    return { b, panel, banner };
  };

  it('says the search server on this computer is not running, not the internet (English)', async () => {
    const { b, panel, banner } = await run(undefined, 'stopped searxng english');
    try {
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('Every search failed');
      expect(text).toContain(`SearXNG at ${new URL(searxng).host} is not answering`);
      expect(text).toContain('Start SearXNG on this computer');
      expect(text).not.toMatch(/internet|connection/i);
      // One reason for one failure.
      expect(await panel.getByTestId('error-reason').count()).toBe(1);
      await shot(panel, 'search-down-en');
    } finally {
      await b.close();
    }
  });

  it('says the same in Chinese, with no English reason', async () => {
    const { b, panel, banner } = await run('zh-CN', 'stopped searxng chinese');
    try {
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('所有搜索都失败了');
      expect(text).toContain('这台电脑上的搜索服务器似乎没有运行');
      expect(text).toContain('请在这台电脑上启动 SearXNG');
      expect(text).not.toMatch(/网络连接|互联网|internet|not answering/i);
      expect(await panel.getByTestId('error-reason').count()).toBe(1);
      await shot(panel, 'search-down-zh');
    } finally {
      await b.close();
    }
  });

  // The Test of the guide's search step and of Options → Search sent the provider's English message.
  it("the guide's search test and the Options page's Test say it in Chinese too", async () => {
    const b = await launchWithExtension({ locale: 'zh-CN' });
    try {
      const panel = await openPanel(b, {
        ...fx.settings,
        guideDone: false,
        searchProviders: [{ id: 'searxng', enabled: true, baseUrl: searxng }],
      });
      const guide = panel.getByTestId('guide-search-result');
      await expect.poll(() => guide.getAttribute('data-ok'), { timeout: 30_000 }).toBe('false');
      const guideText = (await guide.textContent()) ?? '';
      expect(guideText).toContain('这台电脑上的搜索服务器似乎没有运行');
      expect(guideText).not.toMatch(/internet|not answering|fetch/i);

      const options = await b.openPage('extension/options/index.html#search');
      const row = options.locator('[data-testid=search-provider][data-provider=searxng]');
      await row.getByTestId('provider-test').click();
      const result = row.getByTestId('provider-test-result');
      await expect.poll(() => result.getAttribute('data-ok'), { timeout: 30_000 }).toBe('false');
      const text = (await result.textContent()) ?? '';
      expect(text).toContain('这台电脑上的搜索服务器似乎没有运行');
      expect(text).toContain('请在这台电脑上启动 SearXNG');
      expect(text).not.toMatch(/internet|not answering|fetch/i);
    } finally {
      await b.close();
    }
  });
});
