/**
 * Utilities that exist once in src/ (issue 26): a second declaration of one of these is a copy that
 * will drift from the first. Each rule names what it finds in source text; more than one file with a
 * match is a violation. tests/unit/conventions/one-implementation.test.ts runs it.
 */
export interface OneRule {
  name: string;
  pattern: RegExp;
}

export const ONE_IMPLEMENTATION: readonly OneRule[] = [
  { name: 'the SearchHit type', pattern: /export\s+(?:interface|type)\s+SearchHit\b/ },
  { name: 'DEFAULT_SETTINGS', pattern: /export\s+const\s+DEFAULT_SETTINGS\b/ },
  { name: 'a pageKey function', pattern: /function\s+pageKey\b|const\s+pageKey\s*=/ },
  { name: 'a sentence segmenter', pattern: /granularity:\s*['"]sentence['"]/ },
  { name: 'a sentence splitter named splitSentences', pattern: /function\s+splitSentences\b/ },
  { name: 'a word segmenter', pattern: /granularity:\s*['"]word['"]/ },
  { name: 'the English function-word list', pattern: /['"]a an and are as at be been\b/ },
  {
    name: 'a capped body reader',
    // By name, or by what it does: a stream reader whose running byte total is compared with a cap.
    pattern:
      /export\s+(?:async\s+)?function\s+readCapped\w*\b|\.getReader\(\)(?=[\s\S]*?\b(\w+)\s*\+=\s*[\w.]+\.byteLength\b)(?=[\s\S]*?\b\1\s*[<>]=?\s*[\w.(])/,
  },
];

/** For each rule matched in more than one file: the rule and the files. */
export function secondImplementations(
  tree: ReadonlyMap<string, string>,
  rules: readonly OneRule[] = ONE_IMPLEMENTATION,
): { rule: string; files: string[] }[] {
  const out: { rule: string; files: string[] }[] = [];
  for (const rule of rules) {
    const files = [...tree].filter(([, text]) => rule.pattern.test(text)).map(([file]) => file);
    if (files.length > 1) out.push({ rule: rule.name, files: files.sort() });
  }
  return out;
}
