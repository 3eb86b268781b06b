import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadData } from '../../../scripts/eval/node/load-data';
import { removeTempOuts, tempOut } from './helpers/run-cli';

/**
 * GAIA's validation split is a `metadata.jsonl` beside the attached files: `task_id`, `Question`,
 * `Level`, `Final answer`, `file_name` ('' when there is none), `Annotator Metadata`. The text-only
 * questions are those without a file. The rows below are made up for the test.
 */

const row = (id: string, q: string, a: string, file = '') =>
  JSON.stringify({
    task_id: id,
    Question: q,
    Level: 1,
    'Final answer': a,
    file_name: file,
    'Annotator Metadata': { Steps: '1. Search.', 'Number of steps': '1' },
  });

afterAll(removeTempOuts);

describe('GAIA metadata.jsonl', () => {
  it('reads the text-only questions and leaves out those with an attached file', async () => {
    const file = join(tempOut('gaia'), 'metadata.jsonl');
    writeFileSync(
      file,
      [
        row('c61d22de-5f6c', 'How many studio albums did the band release before 2000?', '3'),
        row('17b5a6a3-bc87', 'What does the attached spreadsheet total?', '89706.00', '17b5a6a3-bc87.xlsx'),
        row('04a04a9b-226c', 'Which city hosted the first event?', 'Lyon'),
      ].join('\n'),
    );
    const loaded = await loadData(file, { decrypt: false });
    expect(loaded.ok && loaded.items).toEqual([
      {
        id: 'c61d22de-5f6c',
        question: 'How many studio albums did the band release before 2000?',
        answer: '3',
        aliases: [],
      },
      { id: '04a04a9b-226c', question: 'Which city hosted the first event?', answer: 'Lyon', aliases: [] },
    ]);
  });

  it('says so when every question needs a file', async () => {
    const file = join(tempOut('gaia-files'), 'metadata.jsonl');
    writeFileSync(file, row('a', 'What is in the image?', 'cat', 'a.png'));
    expect(await loadData(file, { decrypt: false })).toEqual({
      ok: false,
      errors: ['the data file holds no text-only questions (1 need an attached file)'],
    });
  });
});
