import * as v from 'valibot';
import type { ReadPage } from '../../src/agent/read-pages';
import { citeAnswer } from '../../src/citations/cite-answer';

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

const HEADING_MARK = /^\s{0,3}#{1,6}\s+/;

/**
 * The citation code the panel uses, run on an answer and the pages read, one row per sentence in
 * answer order. A heading or list label is a row of its own that is never cited (and, like the
 * panel, never flagged: `supported` is true for it).
 */
export function citeReport(answer: string, pages: readonly ReadPage[]): CiteRow[] {
  const cited = citeAnswer(answer, pages);
  const urlOf = new Map(cited.sources.map((s) => [s.n, s.url]));
  return cited.sentences.flatMap((s) => {
    const sentence = s.text.trim().replace(HEADING_MARK, '');
    if (!sentence) return [];
    const sources = s.citations.flatMap((n) => urlOf.get(n) ?? []);
    return [{ sentence, heading: s.heading === true, sources, supported: s.supported }];
  });
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
