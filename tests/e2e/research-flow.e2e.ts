import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import { tinyPdf } from '../unit/tools/browse/tiny-pdf';
import { type ExtensionBrowser, launchWithExtension } from './helpers/browser';
import { readSession, readSteps, waitForSession, writeSettings } from './helpers/extension-db';
import { startResearch } from './helpers/extension-messages';
import {
  answerTurn,
  PAGE_SENTENCE,
  type ResearchFixture,
  startResearchFixture,
  toolCallTurn,
} from './helpers/research-fixture';

describe('a research run through the offscreen runner, the service worker and real tabs', () => {
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

  it('searches, reads the page, answers, and cites only the page it read', async () => {
    const { model, pageUrl } = fx;
    model.setTurns([
      toolCallTurn('search', { query: ['frontend javascript code coverage'] }),
      toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(`${PAGE_SENTENCE} The Moon is made of cheese.`),
    ]);
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    await writeSettings(panel, fx.settings);
    const sessionId = await startResearch(panel, 'Which JavaScript coverage library works with Mocha?');
    await waitForSession(panel, sessionId, 'done');
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

  it('reads a server-rendered page by fetch and a script-built one through a tab', async () => {
    const { model, pages } = fx;
    const appUrl = `${pages.origin}/app`;
    const pageUrl = `${pages.origin}/static-article`;
    pages.route((_req, res, url) => {
      if (url.pathname === '/static-article') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><head><title>Static article</title></head><body><article><h1>Coverage</h1>
          <p>${'Blanket.js works with Mocha, says this server-rendered article. '.repeat(20)}</p></article></body></html>`);
        return true;
      }
      if (url.pathname !== '/app') return false;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>App page</title></head><body><div id="root"></div>
        <noscript>You need to enable JavaScript to run this app.</noscript>
        <script>document.getElementById('root').innerHTML = '<article><h1>App page</h1><p>' +
          'Blanket.js text that the page script wrote. '.repeat(30) + '</p></article>';</script></body></html>`);
      return true;
    });
    model.setTurns([
      toolCallTurn('visit', { url: [pageUrl, appUrl], goal: 'Which coverage library works with Mocha?' }),
      answerTurn(PAGE_SENTENCE),
    ]);
    const hitsBefore = fx.pages.hits.length;
    const panel = await b.openPage('extension/sidepanel/index.html');
    await writeSettings(panel, fx.settings);
    const sessionId = await startResearch(panel, `Which coverage library do ${pageUrl} and ${appUrl} name?`);
    await waitForSession(panel, sessionId, 'done');
    const steps = await readSteps(panel, sessionId);
    const visit = steps.find((st) => (st.result as { tool?: string } | undefined)?.tool === 'visit');
    const read = (visit?.result as { pages?: { url: string; ok: boolean; via?: string }[] } | undefined)
      ?.pages;
    expect(read?.map((p) => [p.url, p.ok, p.via])).toEqual([
      [pageUrl, true, 'fetch'],
      [appUrl, true, 'new-tab'],
    ]);
    // No tab for the static page: one request. The app is fetched, seen to be a shell, then opened.
    const hits = fx.pages.hits.slice(hitsBefore);
    expect(hits.filter((h) => h === '/static-article')).toHaveLength(1);
    expect(hits.filter((h) => h === '/app')).toHaveLength(2);
  });

  it('reads a page once per run: a second visit to it makes no request and loads it in no tab', async () => {
    const { model, pages } = fx;
    const appUrl = `${pages.origin}/read-twice`;
    pages.route((_req, res, url) => {
      if (url.pathname !== '/read-twice') return false;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Read twice</title></head><body><div id="root"></div>
        <script>document.getElementById('root').innerHTML = '<article><h1>Read twice</h1><p>' +
          'Blanket.js text that the page script wrote. '.repeat(30) + '</p></article>';</script></body></html>`);
      return true;
    });
    // Different goals, so the agent's own repeated-call check does not answer the second visit.
    model.setTurns([
      toolCallTurn('visit', { url: [appUrl], goal: 'Which coverage library works with Mocha?' }),
      toolCallTurn('visit', { url: [appUrl], goal: 'Does the page say anything else about Mocha?' }),
      answerTurn(PAGE_SENTENCE),
    ]);
    const sw = await b.serviceWorker();
    // Every document any tab commits at that address, seen from the service worker.
    await sw.evaluate(`(() => {
      globalThis.__readTwiceLoads = 0;
      chrome.webNavigation.onCommitted.addListener((d) => {
        if (d.url.includes('/read-twice')) globalThis.__readTwiceLoads += 1;
      });
    })()`);
    const hitsBefore = pages.hits.length;
    const panel = await b.openPage('extension/sidepanel/index.html');
    await writeSettings(panel, fx.settings);
    const sessionId = await startResearch(panel, `What does ${appUrl} say about Mocha?`);
    await waitForSession(panel, sessionId, 'done');
    const visits = (await readSteps(panel, sessionId))
      .map((st) => st.result as { tool?: string; pages?: { ok: boolean; via?: string }[] } | undefined)
      .filter((r) => r?.tool === 'visit');
    expect(visits.map((v) => v?.pages?.map((p) => [p.ok, p.via]))).toEqual([
      [[true, 'new-tab']],
      [[true, 'cache']],
    ]);
    // The first visit fetched the page (a shell) and loaded it in one tab; the second did neither.
    expect(pages.hits.slice(hitsBefore).filter((h) => h === '/read-twice')).toHaveLength(2);
    expect(await sw.evaluate('globalThis.__readTwiceLoads')).toBe(1);
  });

  it('takes model-written evidence from a configured extractor server', async () => {
    const { model, pageUrl } = fx;
    const extractor = await startScriptedModelServer({
      turns: [
        '{"rational": "The second paragraph.", "evidence": "EXTRACTED: Blanket.js works with Mocha in the browser.", "summary": "Blanket.js covers Mocha tests."}',
      ],
    });
    try {
      model.setTurns([
        toolCallTurn('search', { query: ['mocha coverage'] }),
        toolCallTurn('visit', { url: [pageUrl], goal: 'Which coverage library works with Mocha?' }),
        answerTurn(PAGE_SENTENCE),
      ]);
      const before = model.requests.length;
      const panel = await b.openPage('extension/sidepanel/index.html');
      await writeSettings(panel, {
        ...fx.settings,
        extractorBaseUrl: extractor.url,
        extractorModel: 'extractor',
      });
      const sessionId = await startResearch(panel, 'Which coverage library works with Mocha?');
      await waitForSession(panel, sessionId, 'done');
      const third = model.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'))[2];
      const messages = (third?.body?.messages ?? []) as { content: string }[];
      const observation = messages[messages.length - 1]?.content ?? '';
      expect(observation).toContain('EXTRACTED: Blanket.js works with Mocha in the browser.');
      expect(observation).toContain('Blanket.js covers Mocha tests.');
      // The extractor saw the page text, not the main conversation.
      const asked = JSON.stringify(
        extractor.requests.find((r) => r.path.endsWith('/chat/completions'))?.body,
      );
      expect(asked).toContain('code coverage');
      expect(asked).not.toContain('<tool_response>');
    } finally {
      await extractor.close();
    }
  });

  it('runs several attempts and keeps the answer most of them agree on', async () => {
    const { model } = fx;
    const near = 'The Moon is about 384,400 km from Earth on average.';
    // The first attempt is the odd one out: the vote has to replace the parent's own answer.
    model.setTurns([
      answerTurn('The Moon is made of green cheese.'),
      answerTurn(near),
      answerTurn('On average the Moon is roughly 384,400 kilometres from Earth.'),
    ]);
    const panel = await b.openPage('extension/sidepanel/index.html');
    await expect.poll(() => panel.getByTestId('status-offscreen').getAttribute('data-state')).toBe('ok');
    await writeSettings(panel, { ...fx.settings, attempts: 3 });
    const question = 'How far away is the Moon, voted?';
    const sessionId = await startResearch(panel, question);
    await waitForSession(panel, sessionId, 'done');
    expect(model.remainingTurns()).toBe(0);
    const session = await readSession(panel, sessionId);
    expect(session?.answer).toBe(near);
    const stats = session?.stats as { votes?: { attempts: number; agreeing: number; winnerSession: string } };
    const votes = stats?.votes;
    expect(votes?.attempts).toBe(3);
    expect(votes?.agreeing).toBe(2);
    expect(votes?.winnerSession).not.toBe(sessionId);

    // The extra attempts live inside the run: History lists the question once.
    await panel.reload();
    await panel.getByTestId('open-history').click();
    const item = panel.getByTestId('history-item').filter({ hasText: question });
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    await item.first().locator('.history-open').click();
    await expect.poll(() => panel.getByTestId('votes').textContent()).toBe('Chosen by 2 of 3 attempts');

    // Deleting the run deletes its attempts too.
    await panel.getByTestId('open-history').click();
    await item.first().getByTestId('history-delete').click();
    await item.first().getByTestId('history-delete-confirm').click();
    await expect.poll(() => item.count()).toBe(0);
    expect(await readSession(panel, votes?.winnerSession ?? '')).toBeUndefined();
  });

  it('reads a PDF the user linked, with pdf.js inside the extension', async () => {
    const { model, pages } = fx;
    const pdfUrl = `${pages.origin}/paper.pdf`;
    pages.route((_req, res, url) => {
      if (url.pathname !== '/paper.pdf') return false;
      const body = Buffer.from(tinyPdf(['Neap tides occur when the Sun and Moon are at right angles.']));
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) });
      res.end(body);
      return true;
    });
    model.setTurns([
      toolCallTurn('visit', { url: [pdfUrl], goal: 'When do neap tides occur?' }),
      answerTurn('Neap tides occur when the Sun and Moon are at right angles.'),
    ]);
    const before = model.requests.length;
    const panel = await b.openPage('extension/sidepanel/index.html');
    await writeSettings(panel, fx.settings);
    // The URL comes from the user's question, so the agent may open it.
    const sessionId = await startResearch(panel, `What does ${pdfUrl} say about neap tides?`);
    await waitForSession(panel, sessionId, 'done');
    const second = model.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'))[1];
    const messages = (second?.body?.messages ?? []) as { content: string }[];
    expect(messages[messages.length - 1]?.content).toContain(
      'Neap tides occur when the Sun and Moon are at right angles.',
    );
  });
});
