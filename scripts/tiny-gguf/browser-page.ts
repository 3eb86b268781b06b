/**
 * A throwaway page host for running wllama in headless Chromium: a node:http server on 127.0.0.1
 * serving wllama's ESM build, our engine bundled with esbuild (wllama left external and resolved
 * through an import map), and a GGUF from memory. Used by the tiny-GGUF check and the engine bench.
 * A plain http page, not an extension: the extension's CSP is wired separately.
 */
import { createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { build } from 'esbuild';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const WLLAMA_ESM = join(ROOT, 'node_modules/@wllama/wllama/esm');

const PAGE = `<!doctype html><meta charset="utf-8"><title>wllama check</title>
<script type="importmap">{"imports":{"@wllama/wllama":"/wllama/index.js"}}</script>
<script>
  // tsx compiles page.evaluate callbacks with esbuild keepNames, which calls a __name helper.
  window.__name = (f) => f;
</script>
<script type="module">
  import * as wllama from '@wllama/wllama';
  import * as llm from '/engine.js';
  window.wllama = wllama;
  window.llm = llm;
  window.ready = true;
</script>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
  '.gguf': 'application/octet-stream',
};

async function bundleEngine(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `export { WllamaEngine } from './src/llm/wllama/wllama-engine';
export { buildDrVenusGrammar, DRVENUS_TURN_GRAMMAR } from './src/llm/drvenus-grammar';
export { toChatMlPrompt } from './src/llm/chatml';`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: ['@wllama/wllama'],
    write: false,
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.text;
}

export interface WllamaPage {
  url: string;
  page: Page;
  close(): Promise<void>;
}

/**
 * `isolated` serves every response with COOP/COEP, making the page cross-origin isolated as the
 * extension's pages are (manifest keys), so wllama can run more than one thread.
 */
export async function openWllamaPage(
  model: Uint8Array | { file: string },
  opts: { isolated?: boolean; userDataDir?: string } = {},
): Promise<WllamaPage> {
  const engineJs = await bundleEngine();
  const isolation = opts.isolated
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
    : {};
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: string | Uint8Array, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...isolation });
      res.end(body);
    };
    if (path === '/') return send(200, PAGE, TYPES['.html']);
    if (path === '/engine.js') return send(200, engineJs, TYPES['.js']);
    if (path === '/model.gguf' && model instanceof Uint8Array) return send(200, model, TYPES['.gguf']);
    if (path === '/model.gguf' && 'file' in model) {
      // A file on disk is streamed: a twin of hundreds of MB need not sit in this process.
      res.writeHead(200, {
        'content-type': TYPES['.gguf'] ?? '',
        'content-length': String(statSync(model.file).size),
        'cache-control': 'no-store',
        ...isolation,
      });
      createReadStream(model.file).pipe(res);
      return;
    }
    if (path.startsWith('/wllama/')) {
      const file = normalize(join(WLLAMA_ESM, path.slice('/wllama/'.length)));
      if (!file.startsWith(WLLAMA_ESM)) return send(403, 'forbidden');
      readFile(file).then(
        (body) => send(200, body, TYPES[extname(file)] ?? 'application/octet-stream'),
        () => send(404, 'not found'),
      );
      return;
    }
    send(404, 'not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let context: BrowserContext | null = null;
  try {
    // A persistent context names the profile directory, so a bench can find its renderer in /proc.
    context = await chromium.launchPersistentContext(opts.userDataDir ?? '', {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error('[page error]', e.message));
    await page.goto(`${url}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, {
      timeout: 30_000,
    });
    const opened = context;
    return {
      url,
      page,
      close: async () => {
        await opened.close();
        await new Promise<void>((ok) => server.close(() => ok()));
      },
    };
  } catch (err) {
    await context?.close();
    server.close();
    throw err;
  }
}
