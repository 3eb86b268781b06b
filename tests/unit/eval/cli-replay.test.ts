import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readRuns } from '../../../scripts/eval/run-row';
import { removeTempOuts, runCli, tempOut } from './helpers/run-cli';

/**
 * Smoke mode: the ten DR-Venus fixture trajectories (../shared; the project's own copy of the first
 * one without it) replayed through the loop, their recorded answers judged against `gt`.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shared = join(root, '../shared/fixtures/drvenus/sft');
const local = join(root, 'tests/fixtures/drvenus');
const dir = existsSync(shared) ? shared : local;
if (dir === local)
  console.warn(`shared fixtures not found at ${shared}; replaying tests/fixtures/drvenus only`);
const count = readdirSync(dir).filter((f) => f.endsWith('.json')).length;

afterAll(removeTempOuts);

describe('npm run eval --replay', { timeout: 60_000 }, () => {
  it('replays every DR-Venus fixture trajectory to its answer; --judge exact passes only equal ones', async () => {
    const out = tempOut('replay');
    const run = await runCli(['--replay', '--judge', 'exact', '--data', dir, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.summary).toMatchObject({
      questions: count,
      attempts: 1,
      windows: [
        {
          window: 262144,
          errors: 0,
          terminations: { answered: count },
        },
      ],
    });
    const rows = readRuns(readFileSync(join(out, 'runs.jsonl'), 'utf8')).rows;
    // The recorded answers are right (each fixture's is), but only 0000's is the gold text itself
    // ("Paul Beneke"); the others say more ("**1805**  The London … firm was founded in 1805"),
    // which only a judge model may accept.
    expect(rows.filter((r) => r.correct).map((r) => r.id)).toEqual(['0000']);
    expect(rows.map((r) => r.id).sort()).toEqual(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort(),
    );
    // config.json prints every option and the agent settings they resolved to.
    const config = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'));
    expect(config.options).toMatchObject({
      attempts: 1,
      windows: [262144],
      choices: { fold: 'profile', summary: 'auto', tokenizer: 'auto', digest: 'trained' },
      settings: { digestStyle: 'trained' },
    });
    // The recorded runs browse: every one searched and visited.
    expect(rows.every((r) => r.searches > 0 && r.visits > 0 && r.browseShare > 0)).toBe(true);
    // Pages read are counted from the recorded text of replayed steps.
    expect(rows.every((r) => r.queries >= r.searches && r.pagesRead > 0)).toBe(true);
  });

  it('refuses data without recorded conversations', async () => {
    const run = await runCli([
      '--replay',
      '--data',
      join(root, 'tests/fixtures/eval/dev.jsonl'),
      '--out',
      tempOut('replay-bad'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--replay needs recorded conversations');
  });
});
