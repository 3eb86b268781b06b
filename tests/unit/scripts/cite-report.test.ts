import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citeReport, parsePageFile } from '../../../scripts/lib/cite-report';

const moon = {
  url: 'https://example.org/moon',
  title: 'The Moon',
  text: 'The Moon orbits the Earth once every 27.3 days. Its surface is covered in craters and dust.',
};
const mars = {
  url: 'https://example.org/mars',
  title: 'Mars',
  text: 'Mars has two small moons called Phobos and Deimos. A day on Mars lasts about 24.6 hours.',
};
const ANSWER = [
  '## The Moon',
  'The Moon orbits the Earth once every 27.3 days.',
  '',
  '## Mars',
  'Mars has two small moons called Phobos and Deimos. Jupiter is made of cheese.',
].join('\n');

describe('cite: the citation code on an answer and the pages read', () => {
  it('gives one row per sentence in answer order; headings are rows that are never cited', () => {
    expect(citeReport(ANSWER, [moon, mars])).toEqual([
      { sentence: 'The Moon', heading: true, sources: [], supported: true },
      {
        sentence: 'The Moon orbits the Earth once every 27.3 days.',
        heading: false,
        sources: [moon.url],
        supported: true,
      },
      { sentence: 'Mars', heading: true, sources: [], supported: true },
      {
        sentence: 'Mars has two small moons called Phobos and Deimos.',
        heading: false,
        sources: [mars.url],
        supported: true,
      },
      { sentence: 'Jupiter is made of cheese.', heading: false, sources: [], supported: false },
    ]);
  });

  it('says which page file is wrong and why', () => {
    expect(() => parsePageFile('a.json', '{"url": "x"}')).toThrow(/^a\.json is not a page .*title/);
    expect(() => parsePageFile('b.json', 'nope')).toThrow(/^b\.json is not JSON/);
  });

  it('npm run cite prints the rows as one JSON line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cite-'));
    try {
      writeFileSync(path.join(dir, 'answer.md'), ANSWER);
      writeFileSync(path.join(dir, 'moon.json'), JSON.stringify(moon));
      writeFileSync(path.join(dir, 'mars.json'), JSON.stringify(mars));
      const out = execFileSync(
        'npx',
        ['tsx', 'scripts/cite.ts', ...['answer.md', 'moon.json', 'mars.json'].map((f) => path.join(dir, f))],
        { encoding: 'utf8' },
      );
      expect(out.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(out)).toEqual(citeReport(ANSWER, [moon, mars]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
