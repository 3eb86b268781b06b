/**
 * Characters no link Sleuth writes may carry, raw or percent-encoded: private-use code points (the
 * answer renderer's citation placeholders are U+E000–E003, and a sentence split inside a link put
 * them into its href), Unicode tags, supplementary variation selectors, zero-width and bidi
 * controls. A URL with any of them can only be smuggling data past the reader, so it is no link.
 */
// Built from a string: as a literal, the variation selectors (combining marks) in a class trip
// the linter's misleading-class rule, and here matching them alone is the point.
const HIDDEN = new RegExp(
  '[\\uE000-\\uF8FF\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\uFE00-\\uFE0F\\uFEFF]|[\\u{E0000}-\\u{E01EF}\\u{F0000}-\\u{10FFFF}]',
  'u',
);

export function hasHiddenCharacters(url: string): boolean {
  if (HIDDEN.test(url)) return true;
  let decoded = url;
  // Twice: %25EE%2580%2580 decodes to %EE%80%80 first.
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // A malformed escape: judge the bytes that do decode, one escape at a time.
      decoded = decoded.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (HIDDEN.test(decoded)) return true;
  }
  return false;
}

/** The same characters, removed (for attribute text such as a link's title). */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(new RegExp(HIDDEN.source, 'gu'), '');
}
