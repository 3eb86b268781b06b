import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { decryptTable } from '../browsecomp-decrypt';
import { parseCsv } from '../csv';
import { type DatasetParse, type EvalItem, parseJsonl, parseRecords } from '../dataset';
import { readXlsx } from './xlsx';

/**
 * `--data`: a JSONL file; a JSON file (one record or an array); a folder of JSON files (the DR-Venus
 * trajectory files, one question each); or a CSV / XLSX table, such as BrowseComp's CSV and
 * BrowseComp-ZH's spreadsheet, decrypted in memory with `--decrypt`, or DeepSearchQA's DSQA-full.csv
 * (its `answer_type` column marks the set-answer questions).
 */

export type LoadedData =
  | { ok: true; items: EvalItem[]; fingerprint: string }
  | { ok: false; errors: string[] };

function tableItems(table: string[][], label: string): DatasetParse {
  const [header = [], ...body] = table;
  const col = (names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const q = col(['question', 'problem', 'prompt']);
  const a = col(['answer', 'gt']);
  const id = col(['id']);
  // DeepSearchQA's DSQA-full.csv: problem, problem_category, answer, answer_type.
  const type = col(['answer_type']);
  if (q < 0 || a < 0)
    return {
      ok: false,
      errors: [`${label} needs "question" and "answer" columns (header: ${header.join(', ')})`],
    };
  return parseRecords(
    body
      .map((cells, i) => ({ cells, line: i + 2 }))
      .filter(({ cells }) => cells.some((c) => c.trim()))
      .map(({ cells, line }) => ({
        label: `${label} row ${line}`,
        fallbackId: String(line - 1),
        json: {
          ...(id >= 0 && cells[id] ? { id: cells[id] } : {}),
          question: cells[q] ?? '',
          answer: cells[a] ?? '',
          ...(type >= 0 && cells[type] ? { answer_type: cells[type] } : {}),
        },
      })),
  );
}

async function fromTable(table: string[][], label: string, decrypt: boolean): Promise<DatasetParse> {
  const hasCanary = (table[0] ?? []).some((h) => h.trim().toLowerCase() === 'canary');
  if (!decrypt) {
    if (hasCanary)
      return {
        ok: false,
        errors: [`${label} is encrypted (it has a canary column); add --decrypt to read it`],
      };
    return tableItems(table, label);
  }
  const d = await decryptTable(table, label);
  if (!d.ok) return d;
  return parseRecords(d.rows.map((r) => ({ label: `${label} row ${Number(r.id) + 1}`, json: r })));
}

export async function loadData(path: string, opts: { decrypt: boolean }): Promise<LoadedData> {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return { ok: false, errors: [`cannot read ${path}: no such file or folder`] };
  }
  const hash = createHash('sha256');
  let parsed: DatasetParse;
  try {
    if (isDir) {
      const files = readdirSync(path)
        .filter((f) => f.endsWith('.json'))
        .sort();
      const records: Array<{ label: string; json: unknown; fallbackId: string }> = [];
      const errors: string[] = [];
      for (const f of files) {
        const text = readFileSync(join(path, f), 'utf8');
        hash.update(f).update(text);
        try {
          records.push({ label: f, json: JSON.parse(text), fallbackId: basename(f, '.json') });
        } catch (err) {
          errors.push(`${f} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
        }
      }
      if (files.length === 0) errors.push(`${path} holds no .json files`);
      parsed = errors.length ? { ok: false, errors } : parseRecords(records);
    } else {
      const buf = readFileSync(path);
      hash.update(buf);
      const ext = extname(path).toLowerCase();
      const label = basename(path);
      if (ext === '.xlsx') parsed = await fromTable(readXlsx(buf), label, opts.decrypt);
      else if (ext === '.csv') parsed = await fromTable(parseCsv(buf.toString('utf8')), label, opts.decrypt);
      else if (ext === '.json') {
        const json: unknown = JSON.parse(buf.toString('utf8'));
        const list = Array.isArray(json) ? json : [json];
        parsed = parseRecords(
          list.map((j, i) => ({ label: `${label} item ${i + 1}`, json: j, fallbackId: String(i + 1) })),
        );
      } else parsed = parseJsonl(buf.toString('utf8'), `${label} line`);
    }
  } catch (err) {
    return {
      ok: false,
      errors: [`cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`],
    };
  }
  if (opts.decrypt) hash.update('decrypted');
  return parsed.ok ? { ok: true, items: parsed.items, fingerprint: hash.digest('hex').slice(0, 16) } : parsed;
}
