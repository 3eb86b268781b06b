import { readFileSync, writeFileSync } from 'node:fs';
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
 * `--extractor-server` (each page's evidence written by a separate model, as in the extension) and
 * repeated `--window`.
 */

const questions = loadDevSet();
let site: EvalSite;
let model: ScriptedModelServer;
let extractor: ScriptedModelServer;

beforeAll(async () => {
  site = await startEvalSite();
  model = await startScriptedModelServer({ chunkSize: 256, respond: scriptedResearcher(questions, DESIGN) });
  const gold = new Map(questions.map((q) => [q.question, q.answer]));
  extractor = await startScriptedModelServer({
    chunkSize: 256,
    respond: (body) => {
      const messages = Array.isArray(body.messages) ? (body.messages as Array<{ content?: unknown }>) : [];
      const prompt = String(messages[0]?.content ?? '');
      // The goal section holds the visit goal (the question, for the scripted model) and the question.
      const goal = /## Goal\n([^\n]*)/.exec(prompt)?.[1] ?? '';
      const answer = gold.get(goal) ?? 'nothing';
      return JSON.stringify({
        rational: 'first paragraph',
        evidence: `EXTRACTED: ${answer}`,
        summary: 'Written by the extractor.',
      });
    },
  });
});
afterAll(async () => {
  removeTempOuts();
  await Promise.all([site?.close(), model?.close(), extractor?.close()]);
});

describe('npm run eval with an evidence extractor', { timeout: 60_000 }, () => {
  it("puts the extractor's evidence in the visit results the model reads", async () => {
    const out = tempOut('extractor');
    const run = await runCli([
      '--data',
      DEV_SET,
      '--limit',
      '4',
      '--server',
      model.url,
      '--model',
      'scripted-model',
      '--extractor-server',
      extractor.url,
      '--extractor-model',
      'scripted-model',
      '--search',
      `searxng=${site.searchUrl}`,
      '--allow-loopback',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    // Attempt 1 of groups 0..3 by design: right, right, wrong, wrong.
    expect(run.summary?.windows[0]).toMatchObject({ pass1: 0.5, judged: 4 });
    expect(extractor.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(4);
    const trajectory = readFileSync(
      join(out, 'trajectories', 'w8192', `${questions[0]?.id}.a1.json`),
      'utf8',
    );
    expect(trajectory).toContain(`EXTRACTED: ${questions[0]?.answer}`);
    expect(trajectory).toContain('Written by the extractor.');
  });

  it('runs the whole set once per --window', async () => {
    const out = tempOut('windows');
    // Two questions on the longest page of the set, so its evidence must be cut to fit the smaller
    // window (a short page's evidence fits both windows whole). By design both attempts are right.
    const longPage = questions.filter((q) => q.source === 'quanta-1').slice(0, 2);
    const data = join(tempOut('windows-data'), 'long-page.jsonl');
    writeFileSync(data, `${longPage.map((q) => JSON.stringify(q)).join('\n')}\n`);
    const run = await runCli([
      '--data',
      data,
      '--window',
      '8192',
      '--window',
      '16384',
      '--server',
      model.url,
      '--model',
      'scripted-model',
      '--search',
      `searxng=${site.searchUrl}`,
      '--allow-loopback',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(run.summary?.windows.map((w) => [w.window, w.judged, w.pass1])).toEqual([
      [8192, 2, 1],
      [16384, 2, 1],
    ]);
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    expect(report).toContain('## Context window 8192');
    expect(report).toContain('## Context window 16384');
    // A smaller window leaves less room for a page's evidence (a tenth of the window).
    const smaller = readFileSync(join(out, 'trajectories', 'w8192', `${longPage[0]?.id}.a1.json`), 'utf8');
    const larger = readFileSync(join(out, 'trajectories', 'w16384', `${longPage[0]?.id}.a1.json`), 'utf8');
    expect(smaller.length).toBeLessThan(larger.length);
  });
});
