import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptField } from '../../../scripts/eval/browsecomp-decrypt';
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { removeTempOuts, runCli, tempOut } from './helpers/run-cli';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer({
    respond: () => '<think>\nI know this.\n</think>\n<answer>LGP-30</answer>',
  });
});
afterAll(async () => {
  removeTempOuts();
  await server?.close();
});

function dataFile(lines: string[]): string {
  const file = join(tempOut('data'), 'q.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const serverArgs = () => ['--server', server.url, '--model', 'scripted-model', '--search', 'wikipedia'];

describe('npm run eval refuses to start on bad input', () => {
  it('prints usage for --help', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run -s eval -- --data FILE --server URL --model NAME/);
  });

  it('names the bad line of the data file', async () => {
    const data = dataFile(['{"id": "a", "question": "Q", "answer": "A"}', '{"id": "b", "question": "Q"}']);
    const r = await runCli(['--data', data, ...serverArgs(), '--out', tempOut('bad')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('q.jsonl line 2 is not a question: answer');
    expect(server.requests).toHaveLength(0);
  });

  it('says when the model server is down or lacks the model', async () => {
    const data = dataFile(['{"id": "a", "question": "Q", "answer": "A"}']);
    const down = await runCli([
      '--data',
      data,
      '--server',
      'http://127.0.0.1:9/v1',
      '--model',
      'm',
      '--out',
      tempOut('down'),
    ]);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/^model server: Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    const missing = await runCli([
      '--data',
      data,
      '--server',
      server.url,
      '--model',
      'other',
      '--out',
      tempOut('missing'),
    ]);
    expect(missing.stderr).toContain(
      `model server: ${server.url} has no model "other" (it has: scripted-model)`,
    );
  });

  it('needs the API key of a paid search provider', async () => {
    const data = dataFile(['{"id": "a", "question": "Q", "answer": "A"}']);
    const r = await runCli([
      '--data',
      data,
      '--server',
      server.url,
      '--model',
      'scripted-model',
      '--search',
      'serper',
      '--out',
      tempOut('key'),
    ]);
    expect(r.stderr).toContain('--search serper needs its API key in SERPER_API_KEY');
  });

  it('will not mix two setups in one results folder', async () => {
    const data = dataFile(['{"id": "a", "question": "Which computer?", "answer": "LGP-30"}']);
    const out = tempOut('mix');
    expect((await runCli(['--data', data, ...serverArgs(), '--out', out])).code).toBe(0);
    const other = await runCli(['--data', data, ...serverArgs(), '--out', out, '--profile', 'dr-venus']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /holds a run with a different setup \(profile "general#[0-9a-f]{8}" → "dr-venus#[0-9a-f]{8}"\)/,
    );
  });

  it('runs a decrypted BrowseComp-style table', async () => {
    const dir = tempOut('bc');
    const canary = 'canary for a test';
    const file = join(dir, 'bc.csv');
    writeFileSync(
      file,
      `problem,answer,canary\n${await encryptField('Which computer did Lorenz use?', canary)},${await encryptField('LGP-30', canary)},${canary}\n`,
    );
    const r = await runCli(['--data', file, '--decrypt', ...serverArgs(), '--out', join(dir, 'out')]);
    expect(r.code).toBe(0);
    expect(r.summary?.windows[0]?.pass1).toBe(1);
  });
});
