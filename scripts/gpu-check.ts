/**
 * `npm run gpu-check [-- --gguf FILE | --gguf-url URL] [--webllm-model ID] [--profile DIR] [--headed]`
 *
 * Launches Chromium with the built extension (dist/) and reports, as one JSON object: the WebGPU
 * adapter the offscreen document gets; whether web-llm loads and decodes (its model from the
 * browser cache or the network) and how fast; whether wllama loads a GGUF with WebGPU offload
 * and how fast. The GGUF is the file or URL given, else a complete download in the profile, else
 * a generated tiny random-weight model (which proves the WebGPU path works, not its speed). With a
 * file (given or generated), native llama.cpp decodes the same prompt on the CPU (wllama's threads)
 * and the GPU, and the report gives wllama ÷ native decode ratios.
 * Use `--profile ~/.cache/sleuth-dev-profile` to reuse the models `npm start`'s profile holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchWithExtension } from '../tests/e2e/helpers/browser';
import { writeSettings } from '../tests/e2e/helpers/extension-db';
import { sendFromPage } from '../tests/e2e/helpers/extension-messages';
import { compareWithNative } from './checks/native-compare';
import { serveFile } from './checks/serve-file';
import { buildTinyModel } from './tiny-gguf/tiny-model';

const arg = (argv: string[], name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

// Ask for a hardware adapter: headless Chromium otherwise may fall back to software or none.
const GPU_ARGS = [
  '--enable-features=Vulkan,WebGPUDeveloperFeatures',
  '--ignore-gpu-blocklist',
  '--use-angle=vulkan',
];

const PROMPT = 'In one sentence: what does a research assistant do?';
const MAX_TOKENS = 128;

async function trial(page: Page, settings: Record<string, unknown>, label: string) {
  await writeSettings(page, { allowLoopback: true, contextWindow: 4096, grammar: 'protocol', ...settings });
  const t0 = Date.now();
  const loaded = await sendFromPage(page, 'engine.load', {});
  const result: Record<string, unknown> = {
    model: label,
    loaded: loaded.ok,
    loadSeconds: Math.round((Date.now() - t0) / 100) / 10,
  };
  if (!loaded.ok) return { ...result, error: loaded.error?.message };
  const sample = await sendFromPage(page, 'engine.sample', {
    prompt: PROMPT,
    maxTokens: MAX_TOKENS,
  });
  if (!sample.ok) return { ...result, error: sample.error?.message };
  const s = sample.value as {
    decodeTokensPerSecond: number;
    completionTokens: number;
    engine: {
      modelId: string | null;
      backend?: string;
      backendReason?: string;
      gpuLayers?: { offloaded: number; total: number };
      threads?: number;
    };
  };
  await sendFromPage(page, 'engine.unload', {});
  return {
    ...result,
    model: s.engine.modelId ?? label,
    ...(s.engine.backend ? { backend: s.engine.backend, threads: s.engine.threads } : {}),
    ...(s.engine.backendReason ? { backendReason: s.engine.backendReason } : {}),
    ...(s.engine.gpuLayers ? { gpuLayers: s.engine.gpuLayers } : {}),
    completionTokens: s.completionTokens,
    decodeTokensPerSecond: Math.round(s.decodeTokensPerSecond * 10) / 10,
  };
}

async function main(argv: string[]): Promise<number> {
  const own = arg(argv, 'profile');
  const profile = own ?? mkdtempSync(path.join(os.tmpdir(), 'sleuth-gpu-check-'));
  const cleanup: (() => Promise<void> | void)[] = [];
  if (!own) cleanup.push(() => rmSync(profile, { recursive: true, force: true }));
  const b = await launchWithExtension({
    userDataDir: profile,
    extraArgs: GPU_ARGS,
    headless: !argv.includes('--headed'),
  });
  const report: Record<string, unknown> = {};
  try {
    const page = await b.openPage('extension/sidepanel/index.html');
    await page.getByTestId('status-offscreen').and(page.locator('[data-state="ok"]')).waitFor();
    report.chromium = b.context.browser()?.version() ?? null;
    report.adapter = (await sendFromPage(page, 'engine.probe', {})).value;
    // Every feature the adapter offers: llama.cpp's WebGPU backend needs shader-f16 (see README).
    report.adapterFeatures = await page.evaluate(async () => {
      type Gpu = { requestAdapter(o?: object): Promise<{ features: Iterable<string> } | null> };
      const gpu = (navigator as unknown as { gpu?: Gpu }).gpu;
      const a = await gpu?.requestAdapter({ powerPreference: 'high-performance' });
      return a ? [...a.features].sort() : null;
    });
    report.crossOriginIsolated = (
      (await sendFromPage(page, 'engine.ping', {})).value as { isolated?: boolean }
    ).isolated;

    report.webllm = await trial(
      page,
      { engine: 'web-llm', webllmModel: arg(argv, 'webllm-model') ?? '' },
      'auto',
    );

    let gguf = arg(argv, 'gguf-url');
    let label = gguf ?? '';
    let file = arg(argv, 'gguf');
    if (!gguf && file) {
      const served = await serveFile(file);
      cleanup.push(() => served.close());
      gguf = served.url;
      label = path.basename(file);
    }
    if (!gguf) {
      const listed = (await sendFromPage(page, 'engine.storedModels', {})).value as {
        models: { label: string; complete: boolean }[];
      };
      const stored = listed.models.find((m) => m.complete);
      if (stored) label = stored.label;
    }
    if (!gguf && !label) {
      const tiny = path.join(profile, 'tiny-random.gguf');
      writeFileSync(tiny, buildTinyModel({ layers: 4, embedding: 256, feedForward: 1024 }));
      file = tiny;
      const served = await serveFile(tiny);
      cleanup.push(() => served.close());
      gguf = served.url;
      label = 'generated tiny model (random weights: proves the path, not the speed)';
    }
    // A stored download is found by Auto; a file or URL is loaded as a custom GGUF.
    const ggufSettings = gguf ? { engine: 'wllama', wllamaModelUrl: gguf } : { engine: 'auto' };
    report.wllamaWebgpu = await trial(page, { ...ggufSettings, wllamaBackend: 'webgpu' }, label);
    report.wllamaCpu = await trial(page, { ...ggufSettings, wllamaBackend: 'cpu' }, label);
    // Native llama.cpp on the same file: the yardstick (a URL or a stored download has no local file).
    report.native = file
      ? compareWithNative(file, PROMPT, MAX_TOKENS, {
          webgpu: report.wllamaWebgpu as Record<string, never>,
          cpu: report.wllamaCpu as Record<string, never>,
        })
      : { skipped: 'native llama.cpp needs the model as a file: --gguf FILE' };
    return 0;
  } finally {
    console.log(JSON.stringify(report, null, 2));
    await b.close({ keepProfile: true });
    for (const c of cleanup) await c();
  }
}

process.exit(await main(process.argv.slice(2)));
