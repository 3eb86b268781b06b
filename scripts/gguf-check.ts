/**
 * `npm run -s gguf-check -- FILE [--threads N] [--shard-mb M] [--backend auto|webgpu|cpu] [--tokens N]`
 *
 * Loads a local GGUF through the extension's own engine code — downloader, splitter (shards of
 * at most M MB, default 512), wllama in the offscreen document — in headless Chromium with the
 * built dist/, generates a few tokens, and prints one JSON line:
 * {"loaded","shards","threads","backend","backendReason","crossOriginIsolated","decodeTokensPerSecond","text"}
 * (and "gpuLayers" when llama.cpp offloaded layers to WebGPU).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchWithExtension } from '../tests/e2e/helpers/browser';
import { writeSettings } from '../tests/e2e/helpers/extension-db';
import { sendFromPage } from '../tests/e2e/helpers/extension-messages';
import { distDir } from '../tests/e2e/helpers/paths';
import { serveFile } from './checks/serve-file';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (!file || !existsSync(file)) {
    console.error(
      'usage: npm run -s gguf-check -- FILE.gguf [--threads N] [--shard-mb M] [--backend auto|webgpu|cpu]',
    );
    return 2;
  }
  if (!existsSync(path.join(distDir, 'manifest.json'))) {
    console.error('No built extension in dist/: run `npm run build` first.');
    return 2;
  }
  const threads = Number(arg(argv, 'threads') ?? 0);
  const shardMb = Number(arg(argv, 'shard-mb') ?? 512);
  const backend = arg(argv, 'backend') ?? 'auto';
  const tokens = Number(arg(argv, 'tokens') ?? 64);
  const served = await serveFile(file);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-gguf-check-'));
  const b = await launchWithExtension({ userDataDir: profile });
  const out: Record<string, unknown> = { file: path.basename(file) };
  try {
    const page = await b.openPage('extension/sidepanel/index.html');
    await page.getByTestId('status-offscreen').and(page.locator('[data-state="ok"]')).waitFor();
    await writeSettings(page, {
      engine: 'wllama',
      wllamaModelUrl: served.url,
      wllamaThreads: threads,
      ggufShardMb: shardMb,
      wllamaBackend: backend,
      // Keeps any model's output well-formed, random-weight test models included.
      grammar: 'protocol',
      contextWindow: 4096,
    });
    const t0 = Date.now();
    const loaded = await sendFromPage(page, 'engine.load', {});
    out.loaded = loaded.ok;
    out.loadSeconds = Math.round((Date.now() - t0) / 100) / 10;
    if (!loaded.ok) {
      out.error = loaded.error?.message;
      return 1;
    }
    const models = await sendFromPage(page, 'engine.storedModels', {});
    const stored = (models.value as { models: { complete: boolean; shards: number }[] }).models;
    out.shards = stored.find((m) => m.complete)?.shards ?? 0;
    const ping = await sendFromPage(page, 'engine.ping', {});
    const { engine, isolated } = ping.value as {
      engine: {
        threads?: number;
        backend?: string;
        backendReason?: string;
        gpuLayers?: { offloaded: number; total: number };
      };
      isolated?: boolean;
    };
    out.threads = engine.threads ?? 0;
    out.backend = engine.backend ?? 'unknown';
    if (engine.backendReason) out.backendReason = engine.backendReason;
    if (engine.gpuLayers) out.gpuLayers = engine.gpuLayers;
    out.crossOriginIsolated = isolated === true;
    const sample = await sendFromPage(page, 'engine.sample', {
      prompt: 'In one sentence: what does a research assistant do?',
      maxTokens: tokens,
    });
    if (!sample.ok) {
      out.error = sample.error?.message;
      return 1;
    }
    const s = sample.value as { text: string; decodeTokensPerSecond: number };
    out.decodeTokensPerSecond = Math.round(s.decodeTokensPerSecond * 10) / 10;
    out.text = s.text;
    return 0;
  } finally {
    console.log(JSON.stringify(out));
    await b.close();
    await served.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

process.exit(await main(process.argv.slice(2)));
