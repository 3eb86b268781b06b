import type { CorpusIndex } from '../matching/page-index';
import { citeTerms, type Term } from '../matching/terms';

/**
 * Two words of a claim that a page writes as one ("looks back" for "lookback", "set up" for
 * "setup", "back end" for "backend"): the pair is read as the page's word, so a restatement that
 * splits a compound keeps its weight. Only a pair whose joined form is on a page read is joined.
 */
export function joinCompounds(text: string, terms: readonly Term[], corpus: CorpusIndex): Term[] {
  const out: Term[] = [];
  for (let i = 0; i < terms.length; i++) {
    const a = terms[i];
    const b = terms[i + 1];
    if (!a) continue;
    const joined = b && a.value === undefined && b.value === undefined ? compound(text, a, b, corpus) : null;
    if (joined && b) {
      out.push({ key: joined, start: a.start, end: b.end });
      i++;
    } else out.push(a);
  }
  return out;
}

function compound(text: string, a: Term, b: Term, corpus: CorpusIndex): string | null {
  if (!/^[ -]$/.test(text.slice(a.end, b.start))) return null;
  const first = text.slice(a.start, a.end);
  const second = text.slice(b.start, b.end);
  if (!/^\p{Ll}+$/u.test(first) || !/^\p{Ll}+$/u.test(second)) return null;
  // The word as written ("setup") or with the first word's inflection off ("looks back" → "lookback").
  for (const form of [first + second, a.key + second]) {
    const key = citeTerms(form)[0]?.key;
    if (key && key !== a.key && corpus.pages.some((p) => p.positions.has(key))) return key;
  }
  return null;
}
