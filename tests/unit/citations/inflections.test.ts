import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInflections } from '../../../scripts/build-inflections';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { stem } from '../../../src/citations/matching/stem';

/** Irregular English inflections, read from WordNet's exception lists (scripts/build-inflections.ts). */
describe('citations: irregular inflections', () => {
  const page = {
    url: 'https://camp.example/story',
    title: 'A night at camp',
    text: [
      'The children wake at dawn when the bell rings.',
      'The oak trees grow slowly on the north side of the lake.',
      'Maria will bring two tents and a stove.',
    ].join('\n'),
  };
  const cited = (s: string) => citeAnswer(s, [page]).sentences[0]?.citations ?? [];

  it('reads an irregular form as its word', () => {
    expect(stem('woken')).toBe(stem('wake'));
    expect(stem('grew')).toBe(stem('grows'));
    expect(stem('brought')).toBe(stem('bring'));
    expect(cited('The children woke at dawn when the bell rang.')).toEqual([1]);
    expect(cited('The oak trees grew slowly on the north side of the lake.')).toEqual([1]);
  });

  it('still needs the rest of the sentence to be the page’s', () => {
    expect(cited('Maria brought three tents and a stove.')).toEqual([]);
    expect(cited('The oak trees never grew on the north side of the lake.')).toEqual([]);
  });

  it('leaves alone a form that is a word of its own or a comparison', () => {
    // "saw" (a tool), "found" (to found a company), "better" ("good" would lose the comparison),
    // "lives" (also "he lives").
    expect(stem('saw')).not.toBe(stem('see'));
    expect(stem('found')).not.toBe(stem('find'));
    expect(stem('better')).not.toBe(stem('good'));
    expect(stem('lives')).toBe(stem('live'));
  });

  it('ships the table the script builds from WordNet', () => {
    const file = path.join(import.meta.dirname, '../../../src/citations/lexicons/english-inflections.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(buildInflections());
  });
});
