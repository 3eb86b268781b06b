import * as v from 'valibot';
import { citeAnswer } from '../../src/agent/citations';
import type { ReadPage } from '../../src/agent/read-pages';

/** One page as a run would have read it: `{"url", "title", "text"}`. */
export const PageFileSchema = v.object({
  url: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  text: v.string(),
});

export interface CiteRow {
  sentence: string;
  heading: boolean;
  sources: string[];
  supported: boolean;
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;

/**
 * The citation code the panel uses, run on an answer and the pages read, one row per sentence in
 * answer order. A heading is a row of its own that is never cited (and, like the panel, never
 * flagged: `supported` is true for it); the text between headings is cited block by block so a
 * heading never runs into the sentence after it.
 */
export function citeReport(answer: string, pages: readonly ReadPage[]): CiteRow[] {
  const rows: CiteRow[] = [];
  let block: string[] = [];
  const flush = () => {
    const text = block.join('\n').trim();
    block = [];
    if (!text) return;
    const cited = citeAnswer(text, pages);
    const urlOf = new Map(cited.sources.map((s) => [s.n, s.url]));
    for (const s of cited.sentences) {
      const sentence = s.text.trim();
      if (!sentence) continue;
      const sources = s.citations.flatMap((n) => urlOf.get(n) ?? []);
      rows.push({ sentence, heading: false, sources, supported: s.supported });
    }
  };
  for (const line of answer.split('\n')) {
    const h = HEADING.exec(line);
    if (h) {
      flush();
      rows.push({ sentence: (h[1] ?? '').trim(), heading: true, sources: [], supported: true });
    } else block.push(line);
  }
  flush();
  return rows;
}

/** Reads a page file, saying which file and what is wrong when it is not a page. */
export function parsePageFile(name: string, raw: string): ReadPage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new Error(`${name} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const r = v.safeParse(PageFileSchema, json);
  if (!r.success) {
    const where = r.issues.map((i) => `${v.getDotPath(i) ?? '(top)'}: ${i.message}`).join('; ');
    throw new Error(`${name} is not a page {"url", "title", "text"}: ${where}`);
  }
  return r.output;
}
