import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { sendFromPage } from './helpers/extension-messages';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';
import { serveSearch } from './helpers/search-fixture';
import { readSession, writeSettings } from './helpers/settings';

const call = (name: string, args: unknown) =>
  `<think>\nI should ${name}.\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

describe('a research run through the offscreen runner, the service worker and real tabs', () => {
  let b: ExtensionBrowser;
  let pages: FixtureServer;
  let model: ScriptedModelServer;
  let pageUrl: string;

  beforeAll(async () => {
    pages = await startFixtureServer();
    pageUrl = `${pages.origin}/pages/${pages.sharedPages.includes('001') ? '001' : 'article'}/`;
    serveSearch(pages, () => [
      { title: 'Frontend code coverage', url: pageUrl, content: 'Blanket.js and Mocha' },
      { title: 'Unrelated', url: `${pages.origin}/pages/none/`, content: 'nothing' },
    ]);
    model = await startScriptedModelServer({
      turns: [
        call('search', { query: ['frontend javascript code coverage'] }),
        call('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
        '<think>\nThe page answers it.\n</think>\n<answer>\nBlanket.js is an easy to install, easy to configure, and easy to use JavaScript code coverage library that works both in-browser and with nodejs. The Moon is made of cheese.\n</answer>',
      ],
    });
    b = await launchWithExtension();
  });
  afterAll(async () => {
    await b?.close();
    await model?.close();
    await pages?.close();
  });

  it('searches, reads the page in a tab, answers, and cites only the page it read', async () => {
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    await writeSettings(panel, {
      engine: 'openai',
      openaiBaseUrl: model.url,
      openaiModel: 'scripted',
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      allowLoopback: true,
    });
    const started = await sendFromPage(panel, 'offscreen', 'offscreen.researchStart', {
      question: 'Which JavaScript coverage library works with Mocha?',
      origin: 'ask',
    });
    expect(started.ok, started.error?.message).toBe(true);
    const { sessionId } = started.value as { sessionId: string };
    await expect
      .poll(async () => (await readSession(panel, sessionId))?.status, { timeout: 30_000 })
      .toBe('done');
    const session = await readSession(panel, sessionId);
    expect(String(session?.answer)).toContain('Blanket.js');
    const citations = session?.citations as {
      sentences: { text: string; citations: number[]; supported: boolean }[];
      sources: { n: number; url: string }[];
    };
    expect(citations.sources.map((s) => s.url)).toEqual([pageUrl]);
    expect(citations.sentences[0]?.supported).toBe(true);
    expect(citations.sentences.find((s) => s.text.includes('cheese'))?.supported).toBe(false);
    // The model saw the page's real text as evidence, framed as DR-Venus expects.
    const third = model.requests.filter((r) => r.path.endsWith('/chat/completions'))[2];
    const messages = (third?.body?.messages ?? []) as { role: string; content: string }[];
    const last = messages[messages.length - 1]?.content ?? '';
    expect(last).toContain(`The useful information in ${pageUrl}`);
    expect(last).toContain('Blanket');
    expect(third?.body?.stop).toContain('<tool_response>');
  });
});
