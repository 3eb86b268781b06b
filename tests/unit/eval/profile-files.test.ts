import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { profileChoicesFromArgs } from '../../../scripts/eval/cli-profile-args';
import { readProfileFiles } from '../../../scripts/eval/node/profile-files';
import { extractorPromptFrom } from '../../../src/tools/agent-tools/model-evidence';

const dir = mkdtempSync(join(tmpdir(), 'sleuth-profile-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const choices = (a: Record<string, string>) => profileChoicesFromArgs(a, []);

describe('prompt-text files', () => {
  it('reads pasted prompt texts, a system prompt and an extractor prompt', () => {
    const files = readProfileFiles(
      choices({
        prompts: file('p.json', JSON.stringify({ forceAnswer: 'Answer now.', contextLimit: 'Full.' })),
        'system-prompt': file('s.txt', 'You research.\n{tools}\nToday: {date}'),
        'extractor-prompt': file('e.txt', 'Goal: {goal}\nPage:\n{page}\nReply in JSON.'),
      }),
    );
    if (typeof files === 'string') throw new Error(files);
    expect(files.prompts).toEqual({
      forceAnswer: 'Answer now.',
      contextLimit: 'Full.',
      system: 'You research.\n{tools}\nToday: {date}',
    });
    expect(files.extractorPrompt).toBe('Goal: {goal}\nPage:\n{page}\nReply in JSON.');
    // Filled once: a page that itself says {goal} keeps saying it.
    expect(extractorPromptFrom(files.extractorPrompt ?? '')('PAGE {goal}', 'find X')).toBe(
      'Goal: find X\nPage:\nPAGE {goal}\nReply in JSON.',
    );
  });

  it('names what is wrong with a file', () => {
    expect(readProfileFiles(choices({ prompts: file('bad.json', '{"sytem": "x"}') }))).toMatch(
      /--prompts .*bad\.json: .*sytem/,
    );
    expect(readProfileFiles(choices({ 'extractor-prompt': file('e2.txt', 'Read {page}') }))).toMatch(
      /has no \{goal\}/,
    );
    expect(readProfileFiles(choices({ prompts: join(dir, 'missing.json') }))).toMatch(/no such file/);
  });
});
