/**
 * `npm run bench -- attempts`: would attempts run as parallel sequences of one loaded wllama model
 * (its server slots, decoded in one batch per step) pay on this CPU? Wall time of 3 concurrent
 * completions ÷ 1 completion, wllama called directly in a cross-origin-isolated page, under a
 * plain ASCII grammar, under the research-format grammar, and with no grammar, greedy (random
 * weights sampled freely write bytes that are not UTF-8, which fail the call; a failed call is
 * counted and its tokens so far kept); rounds alternate their order. Issue 29's target: under 2.
 * Models (SLEUTH_ATTEMPTS_MODEL): `twin` (default), the DR-Venus twin with SLEUTH_TWIN_LAYERS
 * full-width layers (default 1) and the real vocabulary; `wide-llama`, llama
 * layers as wide (2560, feed-forward 9728, Q8_0) with a 272-token vocabulary, so a token's cost is
 * the weights and not sampling or the grammar over 151,936 logits; `wide-llama-f32`, the same in
 * f32. SLEUTH_ENGINE_THREADS (default 2), SLEUTH_ENGINE_ROUNDS (3), SLEUTH_ATTEMPTS_TOKENS (48).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toChatMlPrompt } from '../../src/llm/chatml';
import { buildDrVenusGrammar } from '../../src/llm/drvenus-grammar';
import { openWllamaPage } from '../tiny-gguf/browser-page';
import { buildTinyModel } from '../tiny-gguf/tiny-model';
import { type DirectFigures, directConcurrency } from './attempts-page';
import { twinFile } from './engine-twin';
import { median, progress, round } from './lib/stats';

export const onlyWhenNamed = true;
export const timeoutMs = 40 * 60_000;

const env = (name: string, fallback: string) => process.env[name] ?? fallback;

const QUESTIONS = [
  'Summarise the evidence on the bridge collapse.',
  'Which river feeds the northern lake?',
  'When did the observatory first open to the public?',
];

function summarise(f: DirectFigures) {
  return Object.fromEntries(
    Object.entries(f).map(([name, { one, many }]) => {
      const ratios = one.map((o, i) => (many[i]?.wallMs ?? Number.NaN) / o.wallMs);
      return [
        name,
        {
          oneMs: one.map((o) => round(o.wallMs, 0)),
          threeMs: many.map((m) => round(m.wallMs, 0)),
          tokensOne: one.map((o) => o.tokens[0] ?? 0),
          tokensThree: many.map((m) => m.tokens),
          failedCalls: [...one, ...many].reduce((sum, b) => sum + b.failed, 0),
          threeOverOne: round(median(ratios), 2),
          ratios: ratios.map((r) => round(r, 2)),
          pass: median(ratios) < 2,
        },
      ];
    }),
  );
}

/** SLEUTH_ATTEMPTS_GRAMMARS=ascii (comma-separated) times only those. */
function pick(grammars: Record<string, string>): Record<string, string> {
  const wanted = process.env.SLEUTH_ATTEMPTS_GRAMMARS?.split(',');
  return wanted ? Object.fromEntries(Object.entries(grammars).filter(([k]) => wanted.includes(k))) : grammars;
}

export async function run() {
  const layers = Number(env('SLEUTH_TWIN_LAYERS', '1'));
  const threads = Number(env('SLEUTH_ENGINE_THREADS', '2'));
  const maxTokens = Number(env('SLEUTH_ATTEMPTS_TOKENS', '48'));
  // SLEUTH_ATTEMPTS_MODEL=wide-llama: llama layers of the same width but a 272-token vocabulary,
  // so a token's cost is the layers' weights and not sampling over 151,936 logits.
  // wide-llama-f32: the same with f32 weights, twice the bytes per weight and no quantised kernels.
  const kind = env('SLEUTH_ATTEMPTS_MODEL', 'twin');
  const wide = kind.startsWith('wide-llama');
  const quantize = kind !== 'wide-llama-f32';
  const model = wide
    ? buildTinyModel({ embedding: 2560, layers, heads: 20, feedForward: 9728, quantize })
    : { file: twinFile(layers) };
  const prompts = QUESTIONS.map((q) =>
    toChatMlPrompt([
      { role: 'system', content: 'You are a research agent.' },
      { role: 'user', content: q },
    ]),
  );
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-attempts-bench-'));
  const host = await openWllamaPage(model, { isolated: true, userDataDir: profile });
  try {
    progress(`attempts: direct wllama, ${wide ? 'wide llama' : 'twin'} ${layers} layers, ${threads} threads`);
    const direct = await directConcurrency(host.page, {
      threads,
      contextSize: 4096,
      slots: 4,
      prompts,
      maxTokens,
      grammars: pick({ ascii: 'root ::= [ -~]*', research: buildDrVenusGrammar({}), greedy: '' }),
      rounds: Number(env('SLEUTH_ENGINE_ROUNDS', '3')),
    });
    return {
      model: wide
        ? `llama, ${layers} layers of width 2560 (feed-forward 9728, ${quantize ? 'Q8_0' : 'f32'}), 272-token vocabulary`
        : `DR-Venus twin, ${layers} of 36 layers, full width, real vocabulary`,
      threads,
      maxTokens,
      loadAverage: os.loadavg().map((x) => round(x, 1)),
      direct: summarise(direct),
      target: 'threeOverOne < 2',
    };
  } finally {
    await host.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
