/**
 * `npm run -s tiny-gguf -- OUT.gguf [--seed=N]`: writes a tiny random-weight llama GGUF that
 * wllama/llama.cpp load, for real-inference tests on CPU (output is made valid by a grammar).
 *
 * `npm run -s tiny-gguf -- --twin OUT.gguf [--layers=N] [--seed=N]`: writes DR-Venus-4B's twin
 * (Qwen3-4B shapes, the real Qwen3 vocabulary, Q4_K_M tensor types, random weights; 2.5 GB at the
 * full 36 layers), or a smaller twin with N layers for fast tests.
 */
import { writeFileSync } from 'node:fs';
import { PUBLISHED_Q4_K_M_BYTES, planTwin } from './tiny-gguf/qwen3-twin';
import { buildTinyModel } from './tiny-gguf/tiny-model';
import { writeTwin } from './tiny-gguf/twin-writer';

function numberArg(argv: readonly string[], name: string): number | undefined {
  const a = argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : undefined;
}

function main(argv: readonly string[]): void {
  const out = argv.find((a) => !a.startsWith('--'));
  if (!out) {
    console.error('usage: npm run -s tiny-gguf -- [--twin [--layers=N]] OUT.gguf [--seed=N]');
    process.exit(2);
  }
  const seed = numberArg(argv, 'seed') ?? 42;
  if (argv.includes('--twin')) {
    const layers = numberArg(argv, 'layers');
    const plan = planTwin(layers ? { layers } : {});
    const t0 = Date.now();
    const bytes = writeTwin(plan, out, seed);
    const vsPublished = (bytes / PUBLISHED_Q4_K_M_BYTES).toFixed(4);
    console.log(
      `${out}: ${bytes} bytes, ${plan.shape.layers} layers (${vsPublished} × the published Q4_K_M), ${Date.now() - t0} ms`,
    );
    return;
  }
  const bytes = buildTinyModel({ seed });
  writeFileSync(out, bytes);
  console.log(`${out}: ${bytes.length} bytes`);
}

main(process.argv.slice(2));
