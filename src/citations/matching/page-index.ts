import { eachTerm, numbersAgree, type Term } from './terms';

/**
 * The text of the pages read, indexed once per answer: each page's terms in order with where each
 * occurs, so any stretch of a page (every overlapping window, not fixed passages) can be scored
 * against a claim. Term weights come from how many stretches of the run's pages hold the term:
 * words every page repeats ("kiwi" in a run about kiwis) prove little, rare ones prove much.
 */
export interface PageIndex {
  text: string;
  /** Where each term of the page starts and ends in its text, by the term's position. */
  starts: number[];
  ends: number[];
  positions: Map<string, number[]>;
  /** Distinct numbers on the page, for claims that restate or round them. */
  numbers: Array<{ key: string; value: number }>;
  /** Terms of the page's title: they qualify all of its text ("Minecraft 1.8" for "the 1.8 update added…"). */
  title: PageIndex | null;
  /** The page's number keys each stated value agrees with, worked out once per answer. */
  agreeing: Map<number, string[]>;
}

export interface CorpusIndex {
  pages: PageIndex[];
  weight: (key: string) => number;
}

const CHUNK = 50;
// A stated number is the claim's most checkable part: a wrong one must sink the match.
const NUMBER_WEIGHT = 2;

function indexPage(text: string, title: PageIndex | null = null): PageIndex {
  const starts: number[] = [];
  const ends: number[] = [];
  const positions = new Map<string, number[]>();
  const numbers = new Map<string, number>();
  eachTerm(text, (key, start, end, value) => {
    const at = starts.length;
    starts.push(start);
    ends.push(end);
    const list = positions.get(key);
    if (list) list.push(at);
    else positions.set(key, [at]);
    if (value !== undefined) numbers.set(key, value);
  });
  return {
    text,
    starts,
    ends,
    positions,
    numbers: [...numbers].map(([key, value]) => ({ key, value })),
    title,
    agreeing: new Map(),
  };
}

/** The site a page is on names its publisher ("GitLab's survey" on gitlab.com), as its title often does. */
function site(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).hostname.replace(/^www\./, '').replace(/[.-]/g, ' ');
  } catch {
    return '';
  }
}

export function indexPages(
  pages_: ReadonlyArray<{ text: string; title: string; url?: string }>,
): CorpusIndex {
  const pages = pages_.map((p) => {
    const head = `${p.title} ${site(p.url)}`.trim();
    return indexPage(p.text, head ? indexPage(head) : null);
  });
  const df = new Map<string, number>();
  let chunks = 0;
  for (const page of pages) {
    chunks += Math.ceil(page.starts.length / CHUNK);
    for (const [key, list] of page.positions) {
      let seen = 0;
      let last = -1;
      for (const pos of list) {
        const chunk = Math.floor(pos / CHUNK);
        if (chunk !== last) seen++;
        last = chunk;
      }
      df.set(key, (df.get(key) ?? 0) + seen);
    }
  }
  const total = Math.max(chunks, 1);
  const weight = (key: string) => {
    const idf = Math.log(1 + total / ((df.get(key) ?? 0) + 1)) + 0.5;
    return key.startsWith('#') ? idf * NUMBER_WEIGHT : idf;
  };
  return { pages, weight };
}

/** The page's keys that a claim's term can match: itself, or for a number any value it agrees with. */
export function keysOn(page: PageIndex, term: Term): string[] {
  if (term.value === undefined) return page.positions.has(term.key) ? [term.key] : [];
  const value = term.value;
  let keys = page.agreeing.get(value);
  if (!keys) {
    keys = page.numbers.filter((n) => numbersAgree(value, n.value)).map((n) => n.key);
    page.agreeing.set(value, keys);
  }
  return keys;
}
