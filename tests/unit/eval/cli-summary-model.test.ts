import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SET, type EvalSite, startEvalSite } from '../../../scripts/lib/eval-site';
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { loadDevSet } from './helpers/dev-set';
import { removeTempOuts, runCli, tempOut } from './helpers/run-cli';
import { DESIGN, scriptedResearcher } from './helpers/scripted-researcher';

/**
 * `--summary model`: the model under test writes each visit's evidence itself, as the reference's
 * summariser does, on the same server as its research turns (no extractor server).
 */

const questions = loadDevSet();
const gold = new Map(questions.map((q) => [q.question, q.answer]));
let site: EvalSite;
let model: ScriptedModelServer;
/** Requests the model server got to write evidence (one user message holding the extractor prompt). */
let summaries = 0;

beforeAll(async () => {
  site = await startEvalSite();
  const research = scriptedResearcher(questions, DESIGN);
  model = await startScriptedModelServer({
    chunkSize: 256,
    respond: (body) => {
      const messages = Array.isArray(body.messages) ? (body.messages as Array<{ content?: unknown }>) : [];
      const prompt = String(messages[0]?.content ?? '');
      if (messages.length !== 1 || !prompt.includes('## Goal')) return research(body);
      summaries++;
      const goal = /## Goal\n([^\n]*)/.exec(prompt)?.[1] ?? '';
      return JSON.stringify({
        rational: 'the page answers it',
        evidence: `SELF-SUMMARISED: ${gold.get(goal) ?? 'nothing'}`,
        summary: 'Written by the model under test.',
      });
    },
  });
});
afterAll(async () => {
  removeTempOuts();
  await Promise.all([site?.close(), model?.close()]);
});

describe('npm run eval --summary model', { timeout: 60_000 }, () => {
  it("puts the model's own evidence in the visit results it reads", async () => {
    const out = tempOut('summary-model');
    const run = await runCli([
      '--data',
      DEV_SET,
      '--limit',
      '2',
      '--server',
      model.url,
      '--model',
      'scripted-model',
      '--summary',
      'model',
      '--search',
      `searxng=${site.searchUrl}`,
      '--allow-loopback',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    // Attempt 1 of groups 0 and 1 is right by design, and only when the visit brought the gold back.
    expect(run.summary?.windows[0]).toMatchObject({ pass1: 1, judged: 2 });
    expect(summaries).toBe(2);
    const trajectory = readFileSync(
      join(out, 'trajectories', 'w8192', `${questions[0]?.id}.a1.json`),
      'utf8',
    );
    expect(trajectory).toContain(`SELF-SUMMARISED: ${questions[0]?.answer}`);
    expect(trajectory).toContain('Written by the model under test.');
    expect(JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'))).toMatchObject({
      options: { choices: { summary: 'model' } },
    });
  });
});
