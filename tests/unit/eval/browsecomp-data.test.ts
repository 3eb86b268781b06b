import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptField, decryptTable, encryptField } from '../../../scripts/eval/browsecomp-decrypt';
import { parseCsv } from '../../../scripts/eval/csv';
import { loadData } from '../../../scripts/eval/node/load-data';
import { readXlsx } from '../../../scripts/eval/node/xlsx';
import { removeTempOuts, tempOut } from './helpers/run-cli';
import { tinyXlsx } from './helpers/tiny-xlsx';

/**
 * BrowseComp ships a CSV and BrowseComp-ZH an XLSX whose fields are XOR-encrypted with a key derived
 * from each row's canary. No benchmark text is in this repository: these tests encrypt their own.
 */

const CANARY = 'TEST DATA canary GUID sleuth-eval:1f0c';

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

afterAll(removeTempOuts);

describe('BrowseComp encryption scheme', () => {
  it('round-trips text, Chinese included, and a fixed vector stays stable', async () => {
    for (const text of ['Which year?', '谁是第一个在月球上喝酒的人？', 'a'.repeat(100)]) {
      expect(await decryptField(await encryptField(text, CANARY), CANARY)).toBe(text);
    }
    // SHA-256("k") starts 0x8254c329…; "ab" XOR 0x82 0x54 → 0xe3 0x36 → base64 "4zY="
    expect(await encryptField('ab', 'k')).toBe('4zY=');
    expect(await decryptField('4zY=', 'k')).toBe('ab');
  });

  it('reports a wrong canary or broken base64 for the row, not a garbage question', async () => {
    const table = [
      ['problem', 'answer', 'canary'],
      [await encryptField('Q1?', CANARY), await encryptField('A1', CANARY), CANARY],
      [await encryptField('一个问题？', CANARY), await encryptField('答案', CANARY), 'wrong canary'],
      ['%%%', 'x', CANARY],
    ];
    const r = await decryptTable(table, 'bc.csv');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/^bc.csv row 3 could not be decrypted/);
    expect(r.errors[1]).toMatch(/^bc.csv row 4 could not be decrypted \(not base64\)/);
  });

  it('names missing columns', async () => {
    const r = await decryptTable([['question', 'canary']], 'x.csv');
    expect(r).toEqual({ ok: false, errors: ['x.csv has no "answer" column (header: question, canary)'] });
  });
});

describe('CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a BOM', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, ""y""","line\nbreak"\r\nlast,')).toEqual([
      ['a', 'b'],
      ['x, "y"', 'line\nbreak'],
      ['last', ''],
    ]);
  });
});

describe('--data with --decrypt', () => {
  it('reads an encrypted BrowseComp-style CSV in memory', async () => {
    const dir = tempOut('csv');
    const file = join(dir, 'browse_comp_test_set.csv');
    const rows = [
      ['problem', 'answer', 'problem_topic', 'canary'],
      [
        await encryptField('Which computer, "desk"-sized?', CANARY),
        await encryptField('LGP-30', CANARY),
        'Science',
        CANARY,
      ],
      [await encryptField('Who hosts it?', CANARY), await encryptField('Joyent', CANARY), 'Tech', CANARY],
    ];
    writeFileSync(file, `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`);
    expect(await loadData(file, { decrypt: false })).toEqual({
      ok: false,
      errors: ['browse_comp_test_set.csv is encrypted (it has a canary column); add --decrypt to read it'],
    });
    const loaded = await loadData(file, { decrypt: true });
    expect(loaded.ok && loaded.items).toEqual([
      { id: '1', question: 'Which computer, "desk"-sized?', answer: 'LGP-30', aliases: [] },
      { id: '2', question: 'Who hosts it?', answer: 'Joyent', aliases: [] },
    ]);
  });

  it('reads an encrypted BrowseComp-ZH-style XLSX in memory', async () => {
    const dir = tempOut('xlsx');
    const file = join(dir, 'browsecomp-zh-encrypted.xlsx');
    const enc = (s: string) => encryptField(s, CANARY);
    const rows = [
      ['Topic', 'Question', 'Answer', 'canary'],
      [await enc('科技'), await enc('国际空间站的运行速度是每小时多少公里？'), await enc('27680'), CANARY],
    ];
    const xlsx = tinyXlsx(rows);
    expect(readXlsx(xlsx)).toEqual(rows);
    writeFileSync(file, xlsx);
    const loaded = await loadData(file, { decrypt: true });
    expect(loaded.ok && loaded.items).toEqual([
      { id: '1', question: '国际空间站的运行速度是每小时多少公里？', answer: '27680', aliases: [] },
    ]);
  });

  it('reads a plain CSV with question and answer columns without --decrypt', async () => {
    const file = join(tempOut('plain'), 'q.csv');
    writeFileSync(file, 'id,question,answer\nx1,Who?,Me\n');
    const loaded = await loadData(file, { decrypt: false });
    expect(loaded.ok && loaded.items).toEqual([{ id: 'x1', question: 'Who?', answer: 'Me', aliases: [] }]);
  });
});
