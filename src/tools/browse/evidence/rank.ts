/** BM25 ranking of passages against the visit goal and research question, via MiniSearch. */
import MiniSearch from 'minisearch';
import { matchTerms } from '../../../text/words';
import type { Passage } from './passages';

export interface RankedPassage {
  passage: Passage;
  score: number;
}

/** Passages that match the query, best first; passages that match nothing are left out. */
export function rankPassages(passages: Passage[], query: string): RankedPassage[] {
  if (passages.length === 0 || matchTerms(query).length === 0) return [];
  const index = new MiniSearch<Passage>({
    idField: 'index',
    fields: ['text', 'heading'],
    tokenize: matchTerms,
    // Tokens are already lower-cased and filtered.
    processTerm: (term) => term,
    searchOptions: {
      boost: { heading: 1.5 },
      combineWith: 'OR',
      // Prefix matching on longer Latin terms stands in for stemming (glacier → glaciers).
      prefix: (term) => term.length > 4 && /^[a-z]/.test(term),
    },
  });
  index.addAll(passages);
  const byIndex = new Map(passages.map((p) => [p.index, p]));
  const ranked: RankedPassage[] = [];
  for (const hit of index.search(query)) {
    const passage = byIndex.get(Number(hit.id));
    if (passage) ranked.push({ passage, score: hit.score });
  }
  return ranked;
}
