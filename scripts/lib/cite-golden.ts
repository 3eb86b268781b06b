import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { ReadPage } from '../../src/agent/read-pages';

/**
 * The citation golden set (tests/fixtures/citations, see its GUIDE.md): answers written from
 * fixture pages, each sentence followed by the engineers' label in braces: the ids of the pages
 * that support it, `{none}`, or `{label}` for a heading or list label.
 */
export const GOLDEN_DIR = path.join(import.meta.dirname, '../../tests/fixtures/citations');

/** The golden set's splits, oldest first (what each one is and when it was scored: GUIDE.md). */
export const SPLITS = [
  'dev',
  'held-out',
  'fresh',
  'fresh-2',
  'fresh-3',
  'fresh-4',
  'fresh-5',
  'dev-x',
  'fresh-6',
  'fresh-7',
] as const;
export type Split = (typeof SPLITS)[number];

const isSplit = (s: string): s is Split => (SPLITS as readonly string[]).includes(s);

export type Gold = { kind: 'label' } | { kind: 'claim'; pages: string[] };

export interface GoldUnit {
  text: string;
  gold: Gold;
}

export interface GoldAnswer {
  id: string;
  split: Split;
  pageIds: string[];
  units: GoldUnit[];
  answer: string;
}

const PageSchema = v.object({
  url: v.string(),
  title: v.string(),
  text: v.optional(v.string()),
  body: v.optional(v.string()),
});

export function loadGoldenPages(dir = GOLDEN_DIR): Map<string, ReadPage> {
  const raw = v.parse(
    v.record(v.string(), PageSchema),
    JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')),
  );
  const out = new Map<string, ReadPage>();
  for (const [id, p] of Object.entries(raw)) {
    const text = p.text ?? (p.body ? readFileSync(path.join(dir, '..', p.body), 'utf8') : '');
    out.set(id, { url: p.url, title: p.title, text });
  }
  return out;
}

const MARK = / ?\{([a-z0-9,-]+)\}/g;

export function parseGoldAnswer(id: string, source: string, known: ReadonlySet<string>): GoldAnswer {
  const [head = '', ...rest] = source.split(/^---\n/m);
  const body = rest.join('---\n');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(head)?.[1]?.trim() ?? '';
  const split = field('split');
  if (!isSplit(split)) throw new Error(`${id}: split must be one of ${SPLITS.join(', ')}`);
  const pageIds = field('pages').split(/\s+/).filter(Boolean);
  const units: GoldUnit[] = [];
  let from = 0;
  for (const m of body.matchAll(MARK)) {
    const labels = (m[1] ?? '').split(',');
    const at = m.index ?? 0;
    // Everything up to the marker is the unit; the line break after a marker starts the next unit.
    const text = body.slice(from, at);
    from = at + m[0].length;
    for (const l of labels)
      if (l !== 'label' && l !== 'none' && !pageIds.includes(l)) throw new Error(`${id}: unknown page ${l}`);
    for (const p of pageIds) if (!known.has(p)) throw new Error(`${id}: page ${p} is not in pages.json`);
    const gold: Gold = labels.includes('label')
      ? { kind: 'label' }
      : { kind: 'claim', pages: labels.filter((l) => l !== 'none') };
    units.push({ text, gold });
  }
  const last = units[units.length - 1];
  if (last) last.text += body.slice(from);
  return { id, split, pageIds, units, answer: units.map((u) => u.text).join('') };
}

export function loadGoldAnswers(dir = GOLDEN_DIR, known?: ReadonlySet<string>): GoldAnswer[] {
  const ids = known ?? new Set(loadGoldenPages(dir).keys());
  const folder = path.join(dir, 'answers');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseGoldAnswer(f.slice(0, -3), readFileSync(path.join(folder, f), 'utf8'), ids));
}
