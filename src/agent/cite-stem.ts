/**
 * A light English stemmer for citation matching: answers restate page text with other inflections
 * ("founded" / "founds" / "founding", "studies" / "study", "creates" / "created"). It strips only
 * inflections and a few derivations, so unrelated words rarely collide; other languages pass
 * through unchanged (their words must then match as written).
 */

const VOWEL = /[aeiouy]/;
const DOUBLE = /([bdfgklmnprtvz])\1$/;

const DERIVATIONS: Array<[string, string]> = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['isation', 'ize'],
  ['ation', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['ness', ''],
  ['ally', 'al'],
  ['ously', 'ous'],
  ['ively', 'ive'],
  ['ly', ''],
];

function stripInflection(w: string): string {
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) return unsuffixed(w.slice(0, -3));
  if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) return unsuffixed(w.slice(0, -2));
  if (w.endsWith('es') && /(?:ch|sh|x|zz|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && w.length > 3 && !/(?:ss|us|is|ous)$/.test(w)) return w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return DOUBLE.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** One vowel group closed by one consonant: "mov" (moved), "hir" (hired), not "stop" or "visit". */
const SHORT = /^[^aeiouy]*[aeiouy][^aeiouwxy]$/;

/**
 * The word before "-ed"/"-ing": "stopped" loses its doubled "p"; a short stem gets back the "e" it
 * lost, so "moved" and "hiring" meet "move" and "hire".
 */
function unsuffixed(w: string): string {
  const single = undouble(w);
  if (single !== w) return single;
  return SHORT.test(w) ? `${w}e` : w;
}

// Plurals no suffix rule undoes ("matrices" and "matrix" must meet).
const IRREGULAR = new Map<string, string>(
  Object.entries({
    matrices: 'matrix',
    indices: 'index',
    vertices: 'vertex',
    appendices: 'appendix',
    analyses: 'analysis',
    hypotheses: 'hypothesis',
    theses: 'thesis',
    crises: 'crisis',
    criteria: 'criterion',
    phenomena: 'phenomenon',
    children: 'child',
    women: 'woman',
    men: 'man',
    mice: 'mouse',
    geese: 'goose',
    teeth: 'tooth',
    feet: 'foot',
  }),
);

/** The stem of a lower-cased word; words with anything but a–z are returned as they are. */
export function stem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let w = stripInflection(word);
  for (const [suffix, replacement] of DERIVATIONS) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  // "create", "created", "creating" meet at "creat".
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}
