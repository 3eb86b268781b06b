/**
 * A cheap guess at which language a text is in, from its script and its commonest function words:
 * enough to tell an answer sentence written in German from an English page, not to identify a
 * language in general. Latin-script texts without any of the listed words are `unknown`, and a
 * caller treats that as "could be anything".
 */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'cs' | 'zh' | 'ja' | 'ko' | 'unknown';

type Latin = 'en' | 'de' | 'fr' | 'es' | 'cs';

const words = (s: string) => new Set(s.split(' '));

// The words each language uses most that the others here rarely write (short texts show few).
const PROFILES: ReadonlyArray<[Latin, ReadonlySet<string>]> = [
  [
    'en',
    words(
      'the and of to is are was were that with for it this has have which not by be from its their will would',
    ),
  ],
  [
    'de',
    words(
      'der die das und ist sind nicht mit den dem des von für auf sich ein eine einen wird auch zu im dass wurde ihre nach bei',
    ),
  ],
  ['fr', words('le la les des et est une du dans pour que qui sur pas au aux avec ce ont sont été l qu')],
  ['es', words('el la los las del que por una con para es se más como y en al lo su han ha fue')],
  ['cs', words('je se na že v z ve do by jako který která které pro není ale k to jeho podle od po')],
];

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAN = /\p{Script=Han}/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;
// Letters that among these languages only one writes.
const LETTERS: Partial<Record<Latin, RegExp>> = {
  de: /[äöüß]/giu,
  fr: /[èêçàùâîôûœ]/giu,
  es: /[ñó¿¡]/giu,
  cs: /[ěřůťďňšžč]/giu,
};

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export function guessLanguage(text: string): Language {
  const kana = count(text, KANA);
  const han = count(text, HAN);
  const hangul = count(text, HANGUL);
  const latinWords = text.toLowerCase().match(LATIN_WORD) ?? [];
  const latinLetters = latinWords.reduce((n, w) => n + w.length, 0);
  // A Chinese or Japanese sentence often carries Latin names ("DeepMind", "iPhone"): the script of
  // most of its letters decides.
  if (kana + han + hangul > 0 && (kana + han + hangul) * 2 >= latinLetters / 2) {
    if (hangul > kana + han) return 'ko';
    return kana >= 2 ? 'ja' : 'zh';
  }
  let best: Language = 'unknown';
  let bestScore = 0;
  for (const [lang, profile] of PROFILES) {
    let score = 0;
    for (const w of latinWords) if (profile.has(w)) score++;
    const letters = LETTERS[lang];
    if (letters) score += count(text, letters);
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
