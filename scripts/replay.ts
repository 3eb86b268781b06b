/**
 * `npm run replay -- FILE [--budget N]`: replays a DR-Venus trajectory through the research loop
 * (recorded assistant turns as the model, recorded tool responses as the tools) and prints one JSON
 * object with the parsed tool calls, the answer and the context figures.
 */
import { readFileSync } from 'node:fs';
import { createQwenCounter } from './lib/qwen-counter';
import { parseTrajectory, replayTrajectory } from './lib/replay';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run replay -- FILE [--budget N]\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  let file: string | undefined;
  let budget: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--budget') {
      budget = Number(argv[++i]);
      if (!Number.isInteger(budget) || budget < 256)
        usage('--budget needs a whole number of tokens (at least 256)');
    } else if (arg?.startsWith('--budget=')) {
      budget = Number(arg.slice(9));
      if (!Number.isInteger(budget) || budget < 256)
        usage('--budget needs a whole number of tokens (at least 256)');
    } else if (arg && !file) file = arg;
    else usage(`unexpected argument: ${arg}`);
  }
  if (!file) usage('missing FILE');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    usage(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const trajectory = parseTrajectory(json);
  if (typeof trajectory === 'string') usage(`${file}: ${trajectory}`);
  const { summary, result } = await replayTrajectory(trajectory, { budget, tokenizer: createQwenCounter() });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (result.status === 'error')
    process.stderr.write(`replay ended with an error: ${result.error?.message}\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
