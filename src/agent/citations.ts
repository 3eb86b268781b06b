import MiniSearch from 'minisearch';
import { splitSentences } from '../text/sentences';
import { matchTerms } from '../text/words';
import type { ReadPage } from './read-pages';
import type { CitedAnswer, CitedSentence } from './types';

/**
 * Numbered citations without a model: each answer sentence is matched lexically (BM25 candidates,
 * then a term-overlap check) against passages of pages the agent read. A sentence with no passage
 * sharing enough of its terms is marked unsupported rather than given a weak citation.
 */

const MIN_OVERLAP = 0.6;
const MAX_CITES = 2;

interface Passage {
  id: number;
  page: number;
  text: string;
}

function passagesOf(pages: readonly ReadPage[]): Passage[] {
  const out: Passage[] = [];
  pages.forEach((page, p) => {
    let chunk = '';
    for (const s of splitSentences(page.text)) {
      chunk += s;
      if (chunk.length >= 300) {
        out.push({ id: out.length, page: p, text: chunk });
        chunk = '';
      }
    }
    if (chunk.trim()) out.push({ id: out.length, page: p, text: chunk });
  });
  return out;
}

export function citeAnswer(answer: string, pages: readonly ReadPage[]): CitedAnswer {
  const passages = passagesOf(pages);
  const termSets = passages.map((p) => new Set(matchTerms(p.text)));
  const index = new MiniSearch<Passage>({
    fields: ['text'],
    storeFields: ['page'],
    tokenize: matchTerms,
    processTerm: (t) => t,
  });
  index.addAll(passages);
  const numberOf = new Map<number, number>();
  const sentences: CitedSentence[] = splitSentences(answer).map((text) => {
    const terms = [...new Set(matchTerms(text))];
    if (terms.length === 0 || passages.length === 0) return { text, citations: [], supported: false };
    const needed = Math.max(Math.min(2, terms.length), Math.ceil(terms.length * MIN_OVERLAP));
    const best = new Map<number, number>();
    for (const hit of index.search(terms.join(' '), { combineWith: 'OR' }).slice(0, 12)) {
      const passage = passages[Number(hit.id)];
      const set = termSets[Number(hit.id)];
      if (!passage || !set) continue;
      const shared = terms.filter((t) => set.has(t)).length;
      if (shared < needed) continue;
      best.set(passage.page, Math.max(best.get(passage.page) ?? 0, shared + hit.score / 1000));
    }
    const chosen = [...best.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_CITES);
    const citations = chosen.map(([page]) => {
      let n = numberOf.get(page);
      if (n === undefined) {
        n = numberOf.size + 1;
        numberOf.set(page, n);
      }
      return n;
    });
    return { text, citations, supported: citations.length > 0 };
  });
  const sources = [...numberOf.entries()]
    .sort((a, b) => a[1] - b[1])
    .flatMap(([page, n]) => {
      const p = pages[page];
      return p ? [{ n, url: p.url, title: p.title }] : [];
    });
  return { sentences, sources };
}
