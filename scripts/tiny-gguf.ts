/**
 * `npm run -s tiny-gguf -- OUT.gguf [--seed N]`: writes a tiny random-weight llama GGUF that
 * wllama/llama.cpp load, for real-inference tests on CPU (output is made valid by a grammar).
 */
import { writeFileSync } from 'node:fs';
import { buildTinyModel } from './tiny-gguf/tiny-model';

function main(argv: readonly string[]): void {
  const out = argv.find((a) => !a.startsWith('--'));
  if (!out) {
    console.error('usage: npm run -s tiny-gguf -- OUT.gguf [--seed=N]');
    process.exit(2);
  }
  const seedArg = argv.find((a) => a.startsWith('--seed='));
  const seed = seedArg ? Number(seedArg.slice('--seed='.length)) : 42;
  const bytes = buildTinyModel({ seed });
  writeFileSync(out, bytes);
  console.log(`${out}: ${bytes.length} bytes`);
}

main(process.argv.slice(2));
