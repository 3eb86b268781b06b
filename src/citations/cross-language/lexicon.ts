import lexicon from '../lexicons/zh-en.json';
import { stem } from '../matching/stem';

/**
 * A Chinese–English bridge for the cross-language path: an English claim's words and names found
 * on a Chinese page through a table generated from CC-CEDICT (scripts/build-zh-lexicon.ts), so the
 * claim's "London" is held by the page's 伦敦 and its "computer" by 计算机. The table has words of
 * two characters or more only, and only English words specific enough to tell sentences apart, so
 * 的, 是, "the" or "have" bridge nothing. The other way (a Chinese claim on an English page) is not
 * bridged: a claim's Chinese words, each with up to three senses, met some English word of a page
 * sentence far too often (GUIDE.md, session 9).
 */

export interface Bridged {
  /** Folded words of the names the text writes in Chinese (伦敦 gives "london"). */
  names: Set<string>;
  /** English stems of the text's Chinese words, each to the Chinese word that gave it. */
  stems: Map<string, string>;
}

interface Table {
  names: Map<string, string[]>;
  stems: Map<string, string[]>;
  /** The words of every name, less those that also translate a common word ("apple"). */
  nameWords: Set<string>;
  longest: number;
}

let table: Table | undefined;

function parse(field: string, into: Map<string, string[]>, split: (s: string) => string[]): number {
  let longest = 0;
  for (const entry of field.split('|')) {
    const at = entry.indexOf(' ');
    if (at <= 0) continue;
    const zh = entry.slice(0, at);
    into.set(zh, split(entry.slice(at + 1)));
    longest = Math.max(longest, zh.length);
  }
  return longest;
}

// Parsed on first use: only a run with a Chinese page pays for it.
function tableOf(): Table {
  if (table) return table;
  const names = new Map<string, string[]>();
  const stems = new Map<string, string[]>();
  const a = parse(lexicon.names, names, (s) => s.split(',').flatMap((n) => n.split(' ')));
  const b = parse(lexicon.words, stems, (s) => s.split(','));
  const common = new Set([...stems.values()].flat());
  const nameWords = new Set([...names.values()].flat().filter((w) => w.length >= 4 && !common.has(stem(w))));
  table = { names, stems, nameWords, longest: Math.max(a, b) };
  return table;
}

const HAN_RUN = /\p{Script=Han}{2,}/gu;

/** The table's words in a text, longest first from left to right (the usual dictionary segmentation). */
export function chineseWords(text: string): string[] {
  const t = tableOf();
  const out: string[] = [];
  for (const m of text.matchAll(HAN_RUN)) {
    const run = m[0];
    let i = 0;
    while (i < run.length) {
      let found = '';
      for (let len = Math.min(t.longest, run.length - i); len >= 2; len--) {
        const w = run.slice(i, i + len);
        if (t.names.has(w) || t.stems.has(w)) {
          found = w;
          break;
        }
      }
      if (found) {
        out.push(found);
        i += found.length;
      } else i++;
    }
  }
  return out;
}

export function bridgedOf(text: string): Bridged {
  const t = tableOf();
  const out: Bridged = { names: new Set(), stems: new Map() };
  for (const zh of chineseWords(text)) {
    for (const n of t.names.get(zh) ?? []) out.names.add(n);
    for (const s of t.stems.get(zh) ?? []) if (!out.stems.has(s)) out.stems.set(s, zh);
  }
  return out;
}

const cache = new WeakMap<object, Bridged>();

/** A Chinese text's words through the table, computed once per `key` (a page or a stretch of one). */
export function bridgedFor(key: object, text: () => string): Bridged {
  let b = cache.get(key);
  if (!b) {
    b = bridgedOf(text());
    cache.set(key, b);
  }
  return b;
}

/**
 * How many of an English claim's words (other than its names) the stretch's Chinese words
 * translate; a Chinese word counts once ("family tree" and 家谱 are one anchor). They count as
 * cognates do: beside a number or name, never alone.
 */
export function bridgedWords(others: readonly string[], stretch: Bridged): number {
  const used = new Set<string>();
  for (const w of others) {
    const zh = stretch.stems.get(stem(w));
    if (zh) used.add(zh);
  }
  return used.size;
}

/**
 * Whether a name of an English claim is written in Chinese in the stretch ("London" as 伦敦). A
 * word of a longer name may be a common noun's translation ("Underground" in "London Underground"
 * as 地铁); a name of one word needs a name's ("Science" the journal is no 科学).
 */
export function bridgesName(stretch: Bridged, name: string, inLongerName: boolean): boolean {
  return stretch.names.has(name) || (inLongerName && stretch.stems.has(stem(name)));
}

/** Whether the lexicon knows a folded English word as (a word of) a name, and not as a common word. */
export function isKnownName(word: string): boolean {
  return tableOf().nameWords.has(word);
}
