import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secondImplementations } from '../../../scripts/lib/one-implementation';

const root = process.cwd();

function readSrc(): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name))
        tree.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(root, 'src'));
  return tree;
}

describe('one implementation per utility (scripts/lib/one-implementation.ts)', () => {
  it('src/ declares each of them once', () => {
    expect(secondImplementations(readSrc())).toEqual([]);
  });

  it('fails on a second SearchHit, a second sentence or word segmenter and a second function-word list', () => {
    const tree = new Map(
      Object.entries({
        'src/agent/step-result.ts': 'export interface SearchHit { url: string }\n',
        'src/export/observation.ts': 'export interface SearchHit { url: string; domain: string }\n',
        'src/text/sentences.ts': "const s = new Intl.Segmenter(undefined, { granularity: 'sentence' });\n",
        'src/citations/split.ts': 'const s = new Intl.Segmenter("en", { granularity: "sentence" });\n',
        'src/text/words.ts': "export const FUNCTION_WORDS = 'a an and are as at be been being'.split(' ');\n",
        'src/citations/terms.ts':
          "const STOP = new Set('a an and are as at be been being but'.split(' '));\n",
        'src/tools/search/types.ts': "export type { SearchHit } from '../../agent/step-result';\n",
        'src/text/words-dictionary.ts': "const w = new Intl.Segmenter(undefined, { granularity: 'word' });\n",
        'src/citations/matching/terms.ts':
          'const w = new Intl.Segmenter(undefined, { granularity: "word" });\n',
      }),
    );
    expect(secondImplementations(tree)).toEqual([
      { rule: 'the SearchHit type', files: ['src/agent/step-result.ts', 'src/export/observation.ts'] },
      { rule: 'a sentence segmenter', files: ['src/citations/split.ts', 'src/text/sentences.ts'] },
      {
        rule: 'a word segmenter',
        files: ['src/citations/matching/terms.ts', 'src/text/words-dictionary.ts'],
      },
      { rule: 'the English function-word list', files: ['src/citations/terms.ts', 'src/text/words.ts'] },
    ]);
  });

  it('fails on a second capped body reader, named otherwise, and not on a stream read without a cap', () => {
    const tree = new Map(
      Object.entries({
        'src/tools/browse/fetch/capped-body.ts':
          'export async function readCappedBody(res: Response, max: number) {}\n',
        'src/platform/checked-fetch.ts': [
          'async function readUpTo(res: Response, limit: number) {',
          '  const reader = res.body.getReader();',
          '  let total = 0;',
          '  while (total <= limit) {',
          '    const { done, value } = await reader.read();',
          '    if (done) break;',
          '    total += value.byteLength;',
          '  }',
          '}',
        ].join('\n'),
        'src/llm/openai/openai-engine.ts': [
          'const reader = response.body?.getReader();',
          'let deltas = 0;',
          'for (;;) { const { value } = await reader.read(); text += decoder.decode(value); }',
        ].join('\n'),
      }),
    );
    expect(secondImplementations(tree)).toEqual([
      {
        rule: 'a capped body reader',
        files: ['src/platform/checked-fetch.ts', 'src/tools/browse/fetch/capped-body.ts'],
      },
    ]);
  });
});
