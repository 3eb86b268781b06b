import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumReader, createChromiumReader } from '../../scripts/eval/node/chromium-reader';
import { createFetchReader } from '../../scripts/eval/node/fetch-reader';
import { readRuns } from '../../scripts/eval/run-row';
import { DEV_SET, startEvalSite } from '../../scripts/lib/eval-site';
import { startScriptedModelServer } from '../../scripts/lib/scripted-model-server';
import { DEFAULT_URL_POLICY } from '../../src/security/url-policy';
import { loadDevSet } from '../unit/eval/helpers/dev-set';
import { removeTempOuts, runCli, tempOut } from '../unit/eval/helpers/run-cli';
import { DESIGN, scriptedResearcher } from '../unit/eval/helpers/scripted-researcher';
import { type FixtureServer, startFixtureServer } from './helpers/fixture-server';

// The eval's `--reader chromium` in real headless Chromium against pages on 127.0.0.1: a page that
// writes its article with a script reads whole (fetch + jsdom gets none of it), a real page reads as
// the fetch reader reads it, and a redirect to an address the policy refuses is never requested.
const policy = { ...DEFAULT_URL_POLICY, allowHttp: true, allowLoopback: true };
const ARTICLE =
  'The lighthouse keeper logged every passing ship in a leather ledger for forty years, noting the weather, the flag and the hour. ';

describe('the eval reads pages in Chromium with the extension content script', () => {
  let server: FixtureServer;
  let reader: ChromiumReader;
  const fetchReader = createFetchReader({ fetch, policy, timeoutMs: 15_000 });
  const never = new AbortController().signal;

  beforeAll(async () => {
    server = await startFixtureServer();
    server.route((_req, res, url) => {
      if (url.pathname === '/built-by-script') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Ledger</title><body><div id="app">Loading…</div><script>
setTimeout(() => { document.getElementById('app').innerHTML = '<article><h1>The keeper\\'s ledger</h1><p>' + ${JSON.stringify(ARTICLE)}.repeat(8) + '</p></article>'; }, 150);
</script></body>`,
        );
        return true;
      }
      if (url.pathname === '/to-private') {
        // A hop to a private address the policy refuses (127.0.0.1 alone is admitted for fixtures).
        res.writeHead(302, { location: 'http://10.0.0.4/secret' }).end();
        return true;
      }
      return false;
    });
    // 10.0.0.4 resolves to the fixture server here: were the hop followed, its hit list would show it.
    const host = new URL(server.origin).host;
    reader = await createChromiumReader({
      policy,
      timeoutMs: 20_000,
      fallback: fetchReader,
      args: [`--host-resolver-rules=MAP 10.0.0.4 ${host}`],
    });
  });
  afterAll(async () => {
    await reader?.close();
    await server?.close();
  });

  it('a page that writes its article with a script reads whole (fetch + jsdom reads none of it)', async () => {
    const url = `${server.origin}/built-by-script`;
    const inChromium = await reader.read(url, never);
    expect(inChromium.ok).toBe(true);
    expect(inChromium.markdown).toContain('The lighthouse keeper logged every passing ship');
    expect(inChromium.markdown.length).toBeGreaterThan(ARTICLE.length * 6);
    const fetched = await fetchReader(url, never);
    expect(fetched.markdown).not.toContain('lighthouse keeper');
  });

  it('a real page reads with the same title and text as the fetch reader gives', async () => {
    const name = server.sharedPages.includes('aclu') ? 'aclu' : server.sharedPages[0];
    if (!name) throw new Error('no shared fixture pages');
    const url = `${server.origin}/pages/${name}/`;
    const [inChromium, fetched] = await Promise.all([reader.read(url, never), fetchReader(url, never)]);
    expect(inChromium.ok && fetched.ok).toBe(true);
    expect(inChromium.title).toBe(fetched.title);
    const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
    const a = words(inChromium.markdown);
    const b = words(fetched.markdown);
    const shared = [...a].filter((w) => b.has(w)).length;
    expect(shared / Math.max(a.size, b.size)).toBeGreaterThan(0.8);
  });

  it('a redirect to a private address is refused before it is requested', async () => {
    const r = await reader.read(`${server.origin}/to-private`, never);
    expect(r.ok).toBe(false);
    expect(r.reason).toContain('10.0.0.4');
    expect(server.hits).not.toContain('/secret');
  });
});

// The scripted researcher answers right only when the page it read holds the gold answer, so the
// designed figures show the pages were read through Chromium (tests/unit/eval/cli-dev-set.test.ts
// runs the same questions with the fetch reader).
describe('npm run eval -- --reader chromium', () => {
  it("runs the dev set's first questions with pages read in Chromium", async () => {
    const questions = loadDevSet();
    const site = await startEvalSite();
    const model = await startScriptedModelServer({
      chunkSize: 256,
      respond: scriptedResearcher(questions, DESIGN),
    });
    try {
      const out = tempOut('chromium');
      const run = await runCli([
        ...['--data', DEV_SET, '--server', model.url, '--model', 'scripted-model'],
        ...['--search', `searxng=${site.searchUrl}`, '--allow-loopback', '--limit', '4'],
        ...['--judge', 'exact', '--reader', 'chromium', '--out', out],
      ]);
      expect(run.stderr).not.toMatch(/attempts failed|did not start/);
      expect(run.code).toBe(0);
      // Attempt 1 of groups 0-3 is designed right, right, wrong, wrong.
      expect(run.summary?.windows[0]?.pass1).toBe(0.5);
      const rows = readRuns(readFileSync(join(out, 'runs.jsonl'), 'utf8')).rows;
      expect(rows.map((r) => r.pagesRead)).toEqual([1, 1, 1, 1]);
      const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'));
      expect(JSON.stringify(config)).toContain('"reader":"chromium"');
    } finally {
      removeTempOuts();
      await Promise.all([site.close(), model.close()]);
    }
  });
});
