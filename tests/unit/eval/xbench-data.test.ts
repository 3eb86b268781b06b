import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptField, encryptField } from '../../../scripts/eval/browsecomp-decrypt';
import { loadData } from '../../../scripts/eval/node/load-data';
import { removeTempOuts, tempOut } from './helpers/run-cli';

/**
 * xBench-DeepSearch (both releases) ships a CSV whose `prompt` and `answer` are base64 of the UTF-8
 * text XORed with the row's canary string itself (not its digest, as BrowseComp's). No benchmark
 * text is in this repository: the test encrypts its own rows.
 */

const CANARY = 'xbench-test canary 3c1d, not the real one';
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const raw = (s: string) => encryptField(s, CANARY, 'raw');

afterAll(removeTempOuts);

describe('xBench-DeepSearch tables', () => {
  it('the raw-canary XOR round-trips and differs from the SHA-256 keying', async () => {
    expect(await decryptField(await raw('上海的人口是多少？'), CANARY, 'raw')).toBe('上海的人口是多少？');
    expect(await raw('ab')).not.toBe(await encryptField('ab', CANARY));
    // A one-byte key 'k' (0x6b): 'a' ^ 0x6b = 0x0a, 'b' ^ 0x6b = 0x09.
    expect(await encryptField('ab', 'k', 'raw')).toBe(btoa('\x0a\x09'));
  });

  it.each([
    ['DeepSearch-2505.csv', ['id', 'prompt', 'type', 'answer', 'reference_steps', 'canary']],
    ['DeepSearch-2510.csv', ['id', 'prompt', 'answer', 'canary']],
  ])('reads %s (its prompt column) with --decrypt, in memory', async (name, header) => {
    const file = join(tempOut('xbench'), name);
    const row = async (q: string, a: string) =>
      Promise.all(
        header.map((h) =>
          h === 'prompt'
            ? raw(q)
            : h === 'answer'
              ? raw(a)
              : h === 'canary'
                ? CANARY
                : h === 'id'
                  ? '7'
                  : 'x',
        ),
      );
    const rows = [
      header,
      await row('哪一年，"某某"成立？', '1998年'),
      await row('Who, then?', 'Ada Lovelace'),
    ];
    writeFileSync(file, `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`);
    expect((await loadData(file, { decrypt: false })).ok).toBe(false);
    const loaded = await loadData(file, { decrypt: true });
    expect(loaded.ok && loaded.items.map((i) => [i.question, i.answer])).toEqual([
      ['哪一年，"某某"成立？', '1998年'],
      ['Who, then?', 'Ada Lovelace'],
    ]);
  });
});
