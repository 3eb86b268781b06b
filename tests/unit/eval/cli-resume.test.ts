import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestRows, readRuns } from '../../../scripts/eval/run-row';
import { DEV_SET, type EvalSite, startEvalSite } from '../../../scripts/lib/eval-site';
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { loadDevSet } from './helpers/dev-set';
import { removeTempOuts, runCli, tempOut } from './helpers/run-cli';
import { DESIGN, scriptedJudge, scriptedResearcher } from './helpers/scripted-researcher';

/**
 * Interrupted and failing runs. Eight dev questions, three attempts: two questions of each design
 * group (see cli-dev-set.test.ts), so a complete run has pass1 14/24, pass@2 5/6, pass@3 1, maj@3 1/2.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const questions = loadDevSet();
const COMPLETE = {
  pass1: 0.5833,
  passAtK: { '1': 0.5833, '2': 0.8333, '3': 1 },
  majAtK: 0.5,
  judged: 24,
  errors: 0,
};

let site: EvalSite;
let slow: ScriptedModelServer;
let flaky: ScriptedModelServer;
let judge: ScriptedModelServer;
/** Chat requests from this index on fail with HTTP 500 (Infinity: none). */
let failFrom = Number.POSITIVE_INFINITY;
let judgeDown = false;

beforeAll(async () => {
  site = await startEvalSite();
  const research = scriptedResearcher(questions, DESIGN);
  // Slow enough (tens of ms a turn) that a run can be interrupted part way.
  slow = await startScriptedModelServer({ chunkSize: 16, chunkDelayMs: 4, respond: research });
  flaky = await startScriptedModelServer({
    chunkSize: 256,
    respond: (body, i) => (i >= failFrom ? { fail: '500' } : research(body)),
  });
  const verdicts = scriptedJudge(questions);
  judge = await startScriptedModelServer({
    respond: (body) => (judgeDown ? { fail: '500' } : verdicts(body)),
  });
});
afterAll(async () => {
  removeTempOuts();
  await Promise.all([site?.close(), slow?.close(), flaky?.close(), judge?.close()]);
});

const args = (server: ScriptedModelServer, out: string) => [
  '--data',
  DEV_SET,
  '--limit',
  '8',
  '--attempts',
  '3',
  '--server',
  server.url,
  '--model',
  'scripted-model',
  '--search',
  `searxng=${site.searchUrl}`,
  '--allow-loopback',
  '--out',
  out,
  '--retries',
  '1',
  '--retry-delay',
  '1',
];

const rowsIn = (out: string) => readRuns(readFileSync(join(out, 'runs.jsonl'), 'utf8'));

async function waitFor(check: () => boolean, what: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('resuming eval runs', { timeout: 120_000 }, () => {
  it('Ctrl-C leaves a valid runs.jsonl and a rerun completes it to the same summary', async () => {
    const out = tempOut('resume');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/eval.ts', ...args(slow, out)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const runs = join(out, 'runs.jsonl');
    await waitFor(
      () => existsSync(runs) && readFileSync(runs, 'utf8').split('\n').length > 4,
      'four recorded attempts',
    );
    child.kill('SIGINT');
    const code = await exited;
    expect(stderr).toContain('stopping');
    expect(code).toBe(130);
    const first = rowsIn(out);
    expect(first.skipped).toEqual([]);
    expect(first.rows.length).toBeGreaterThanOrEqual(4);
    expect(first.rows.length).toBeLessThan(24);
    // The summary of what was done is still the last line of stdout.
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).toMatchObject({ questions: 8, attempts: 3 });

    // The rerun may use another server address (here a fast one): only the model name must match.
    const before = flaky.requests.length;
    const resumed = await runCli(args(flaky, out));
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`resuming ${out}: ${first.rows.length} attempts already done`);
    expect(resumed.summary?.windows[0]).toMatchObject(COMPLETE);
    const all = rowsIn(out).rows;
    expect(all).toHaveLength(24);
    expect(latestRows(all).size).toBe(24);
    // Only the attempts not yet recorded were run again: three model requests each.
    expect(flaky.requests.slice(before).filter((r) => r.path === '/v1/chat/completions')).toHaveLength(
      3 * (24 - first.rows.length),
    );
  });

  it('a model server that fails mid-run leaves errors, not wrong answers; a rerun retries them', async () => {
    const out = tempOut('failing');
    failFrom = flaky.requests.filter((r) => r.path === '/v1/chat/completions').length + 20;
    const broken = await runCli([...args(flaky, out), '--max-errors', '100']);
    expect(broken.code).toBe(3);
    expect(broken.stderr).toMatch(/attempts failed/);
    const rows = rowsIn(out).rows;
    expect(rows).toHaveLength(24);
    const failed = rows.filter((r) => r.error !== null);
    // 20 requests = six whole attempts (three turns each) and the search turn of the seventh.
    expect(rows.slice(0, 6).every((r) => r.error === null)).toBe(true);
    expect(failed).toHaveLength(18);
    for (const r of failed) {
      expect(r).toMatchObject({ correct: null, termination: 'error', errorStage: 'model', judgedBy: null });
      expect(r.error).toMatch(/HTTP 500/);
    }
    expect(broken.summary?.windows[0]).toMatchObject({
      judged: 6,
      errors: 18,
      terminations: { answered: 6, error: 18 },
    });

    failFrom = Number.POSITIVE_INFINITY;
    const healed = await runCli(args(flaky, out));
    expect(healed.code).toBe(0);
    expect(healed.summary?.windows[0]).toMatchObject(COMPLETE);
  });

  it('stops early when every attempt keeps failing', async () => {
    failFrom = 0;
    const r = await runCli([...args(flaky, tempOut('dead')), '--max-errors', '3']);
    failFrom = Number.POSITIVE_INFINITY;
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('stopped after 3 failed attempts in a row');
    expect(r.summary?.windows[0]).toMatchObject({ judged: 0, errors: 3 });
  });

  it('a failing judge keeps the prediction; the rerun only judges again', async () => {
    const out = tempOut('judge-down');
    const judgeArgs = [...args(flaky, out), '--judge-server', judge.url, '--judge-model', 'scripted-model'];
    judgeDown = true;
    const first = await runCli(judgeArgs);
    expect(first.code).toBe(3);
    const rows = rowsIn(out).rows;
    const judgeErrors = rows.filter((r) => r.errorStage === 'judge');
    // Wrong answers need the judge (right ones contain the gold answer): 10 of 24 here.
    expect(judgeErrors).toHaveLength(10);
    expect(
      judgeErrors.every(
        (r) => r.prediction !== null && r.correct === null && /judge model failed/.test(r.error ?? ''),
      ),
    ).toBe(true);

    judgeDown = false;
    const modelRequests = flaky.requests.length;
    const second = await runCli(judgeArgs);
    expect(second.code).toBe(0);
    // Only the start-up check: the engine asks the server for its window at load (/v1/models, then
    // llama.cpp's /props), then the connection check lists /v1/models.
    expect(flaky.requests.slice(modelRequests).map((r) => r.path)).toEqual([
      '/v1/models',
      '/props',
      '/v1/models',
    ]);
    // Judged by the scripted judge: group 3's wrong answers accepted → c = 3, 1, 2, 3
    expect(second.summary?.windows[0]).toMatchObject({ pass1: 0.75, majAtK: 0.75, judged: 24, errors: 0 });
  });
});
