/**
 * Characters that smuggle instructions past a human reader: the model reads them, the user sees
 * nothing. Page text, titles and snippets pass through `stripInvisible` before the model sees them.
 *
 * - Unicode tag characters (U+E0000–E007F) spell ASCII invisibly; they have no use in web text
 *   (emoji flag sequences use them, and lose only the subdivision flag).
 * - Variation selectors 17–256 (U+E0100–E01EF) can carry a byte each after any character.
 * - Bidi controls reorder what is shown without changing what is read.
 * - Zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, Mongolian vowel separator, invisible
 *   operators) and Hangul fillers: a single one is kept where scripts need it (ZWNJ in Persian, ZWJ
 *   in emoji and Indic text), a run of two or more can only encode data and is removed, and so is a
 *   joiner next to ASCII text. ZWSP, the word joiner and BOM never help a model read: they go even
 *   alone.
 * - The soft hyphen is invisible and removed.
 */

// Any code unit that can start an invisible character (U+E0000–E01EF all have high surrogate DB40).
// Single code units on purpose: a fast pre-check, not a match.
const MAYBE_INVISIBLE_UNITS =
  '\\u00AD\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uDB40';
const MAYBE_INVISIBLE = new RegExp(`[${MAYBE_INVISIBLE_UNITS}]`);
const TAGS = /[\u{E0000}-\u{E007F}]/gu;
const SUPPLEMENTARY_SELECTORS = /[\u{E0100}-\u{E01EF}]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
// Zero-width and filler characters that, in a run, can encode bits.
const ZERO_WIDTH_CLASS =
  '\\u200B-\\u200D\\u2060-\\u2064\\uFEFF\\u180E\\u115F\\u1160\\u3164\\uFFA0\\uFE00-\\uFE0F';
const ZERO_WIDTH_RUN = new RegExp(`[${ZERO_WIDTH_CLASS}]{2,}`, 'g');
const EMOJI_JOIN = '\uFE0F\u200D';
const ALWAYS_INVISIBLE = /[\u200B\u2060-\u2064\uFEFF\u180E\u00AD]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII as a range, control characters included.
const JOINER_BY_ASCII = /(?<=[\x00-\x7F])[\u200C\u200D]|[\u200C\u200D](?=[\x00-\x7F])/g;

/** Removes invisible characters that could carry hidden instructions; visible text is untouched. */
export function stripInvisible(text: string): string {
  if (!MAYBE_INVISIBLE.test(text)) return text;
  return (
    text
      .replace(TAGS, '')
      .replace(SUPPLEMENTARY_SELECTORS, '')
      .replace(BIDI, '')
      // Emoji write VS16 then ZWJ between two pictographs (❤️‍🔥); every other run is data.
      .replace(ZERO_WIDTH_RUN, (run) => (run === EMOJI_JOIN ? run : ''))
      .replace(ALWAYS_INVISIBLE, '')
      // Joiners only join non-Latin letters and emoji; next to ASCII they are one hidden bit each.
      .replace(JOINER_BY_ASCII, '')
  );
}

/** How many characters stripInvisible would remove (for a note that hidden text was found). */
export function countInvisible(text: string): number {
  return [...text].length - [...stripInvisible(text)].length;
}
