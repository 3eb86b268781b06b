/**
 * Errors reach the UI as `{ code, params }`; the UI words them and never reads meaning back out of an
 * error's text (that made the Chinese panel show English reasons, and broke when a sentence changed).
 * This finds UI code that runs a regular expression over something named like an error's text, or
 * tests it for a part of it (startsWith, endsWith, includes).
 */

// An identifier or property that holds an error's text (e.message, err, error, hint, reason…).
const TEXT = String.raw`(?:\b(?:e|err|error|errors?Text|message|msg|hint|reason|detail|problem|status\.error)\b|\.(?:message|error|hint|reason|detail)\b)`;
// A regex literal, `new RegExp(...)` or a CONSTANT regex applied to it: /x/.test(err.message), /x/.exec(message).
const REGEX_ON_TEXT = new RegExp(
  String.raw`(?:\/[^/\n]+\/[dgimsuvy]*|RegExp\([^)]*\)|\b[A-Z][A-Z0-9_]+)\s*\.\s*(?:test|exec)\s*\(\s*[\w.?!\s]*${TEXT}`,
);
// The text's own regex methods: message.match(/x/), err.message.replace(/x/, …), hint.search(re).
const TEXT_REGEX_METHOD = new RegExp(
  String.raw`${TEXT}[\w.?!]*\s*\.\s*(?:match|matchAll|replace|replaceAll|search|split)\s*\(\s*(?:\/|new RegExp|[A-Z_]{2,}\b)`,
);

// The text tested for a part of it: err.message.startsWith('Could not'), hint?.includes('ORIGINS').
const TEXT_PART_TEST = new RegExp(String.raw`${TEXT}\s*[?!]?\s*\.\s*(?:startsWith|endsWith|includes)\s*\(`);

export interface ErrorTextUse {
  file: string;
  line: number;
  text: string;
}

/** Every line of UI code in `files` (path → source) that parses an error's text with a regex. */
export function findErrorTextParsing(files: ReadonlyMap<string, string>): ErrorTextUse[] {
  const found: ErrorTextUse[] = [];
  for (const [file, source] of files) {
    source.split('\n').forEach((raw, i) => {
      const text = raw.trim();
      if (text.startsWith('//') || text.startsWith('*') || text.startsWith('/*')) return;
      if (REGEX_ON_TEXT.test(text) || TEXT_REGEX_METHOD.test(text) || TEXT_PART_TEST.test(text)) {
        found.push({ file, line: i + 1, text });
      }
    });
  }
  return found;
}
