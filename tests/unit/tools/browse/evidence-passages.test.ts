import { describe, expect, it } from 'vitest';
import { splitPassages } from '../../../../src/tools/browse/evidence/passages';

const sentence = (i: number) => `Sentence number ${i} talks about river deltas and sediment transport today.`;

describe('splitPassages', () => {
  it('keeps the nearest heading and never crosses headings', () => {
    const md = `Intro line here.\n\n## Deltas\n\n${sentence(1)}\n\n${sentence(2)}\n\n### Sediment\n\n${sentence(3)}`;
    const passages = splitPassages(md);
    expect(passages.map((p) => p.heading)).toEqual(['', 'Deltas', 'Sediment']);
    expect(passages[1]?.text).toBe(`${sentence(1)}\n\n${sentence(2)}`);
    expect(passages.map((p) => p.index)).toEqual([0, 1, 2]);
  });

  it('merges short paragraphs and splits long ones at sentence ends within the word limits', () => {
    const short = Array.from({ length: 30 }, (_, i) => sentence(i)).join('\n\n');
    const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    for (const md of [short, long]) {
      const passages = splitPassages(md, { minWords: 80, maxWords: 200 });
      expect(passages.length).toBeGreaterThan(1);
      for (const p of passages) expect(p.wordCount).toBeLessThanOrEqual(200);
      for (const p of passages.slice(0, -1)) expect(p.wordCount).toBeGreaterThanOrEqual(80);
      for (const p of passages) expect(p.text.trim()).toMatch(/today\.$/);
    }
  });

  it('keeps fenced code together even with blank lines inside', () => {
    const md = '## Code\n\n```\nline one\n\nline two\n```\n\nAfter.';
    const passages = splitPassages(md, { minWords: 1 });
    expect(passages[0]?.text).toBe('```\nline one\n\nline two\n```');
  });

  it('splits run-on CJK text, counting each character as a word', () => {
    const md = '长江三角洲是中国经济最发达的地区之一。'.repeat(30);
    const passages = splitPassages(md, { maxWords: 100 });
    expect(passages.length).toBeGreaterThan(4);
    for (const p of passages) expect(p.wordCount).toBeLessThanOrEqual(100);
  });
});
