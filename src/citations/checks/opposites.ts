/**
 * Words with an opposite. A claim word the page's stretch lacks while the stretch holds its
 * opposite says the reverse of the page ("the lower your risk" where the page says "the higher",
 * "most loved" where it says "most dreaded", "killed 11" where it says "sickened 11"), even when
 * the stretch has both directions elsewhere ("the more … the higher").
 */
const PAIRS: Array<[RegExp, RegExp]> = [
  [
    /^(?:more|higher|highest|greater|greatest|larger|largest|bigger|biggest)$/,
    /^(?:lower|lowest|less|least|smaller|smallest|fewer|fewest)$/,
  ],
  [/^(?:longer|longest)$/, /^(?:shorter|shortest|less|quicker|faster)$/],
  [/^(?:faster|fastest|quicker|sooner)$/, /^(?:slower|slowest|longer|later)$/],
  [
    /^(?:increase[sd]?|rose|rise[sn]?|grew|grow[sn]?|gained|up)$/,
    /^(?:decrease[sd]?|fell|fall[sn]?|shrank|shrunk|declined?|dropped|down)$/,
  ],
  [/^(?:best|better)$/, /^(?:worst|worse)$/],
  [
    /^(?:lov(?:e|ed|es)|liked?|favou?rite|popular|preferred)$/,
    /^(?:dread(?:ed)?|hated?|disliked?|unpopular)$/,
  ],
  [/^(?:kill(?:ed|s)?|died|dead|deaths?|fatal)$/, /^(?:sickened|injured|hurt|ill|survived?|sick)$/],
  [/^(?:won|wins?)$/, /^(?:lost|loses?)$/],
  [
    /^(?:accept(?:ed|s)?|approved?|bought|buys?|acquired?|purchased?|offer(?:s|ed|ing)?|agreed)$/,
    /^(?:reject(?:ed|s)?|refused?|rebuffed|denied|declined)$/,
  ],
  [/^(?:remain(?:s|ed)?|stays?|stayed|kept|keeps?)$/, /^(?:removed?|dropped|lifted|deleted)$/],
  [/^(?:support(?:ed|s)?|backed|favou?red)$/, /^(?:oppose[sd]?|against)$/],
  [/^(?:maximum|most)$/, /^(?:minimum|least)$/],
  [
    /^(?:favou?r(?:s|ed)?|encourage[sd]?|embrace[sd]?|recommend(?:s|ed)?|prefer(?:s|red)?)$/,
    /^(?:avoid(?:s|ed)?|discourage[sd]?|shun(?:s|ned)?|warn(?:s|ed)?)$/,
  ],
  // Not "short": "short of" lacks, but "a short guide" beside "his full book" says no opposite.
  [/^(?:packed|full|rich|plenty)$/, /^(?:lacks?|lacked|lacking)$/],
  [
    /^(?:erhöht|höher|mehr|größer|schneller|besser|beschleunigt)$/,
    /^(?:verringert|niedriger|weniger|kleiner|langsamer|schlechter)$/,
  ],
];

const WORD = /[\p{L}\p{N}]+/gu;

/** Whether one of the claim's `words` (that the stretch lacks) has its opposite in `stretch`. */
export function opposedWord(words: readonly string[], stretch: string): boolean {
  const there = new Set(stretch.toLowerCase().match(WORD) ?? []);
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (there.has(w)) continue;
    for (const [a, b] of PAIRS) {
      const other = a.test(w) ? b : b.test(w) ? a : null;
      if (!other) continue;
      for (const s of there) if (other.test(s)) return true;
    }
  }
  return false;
}
