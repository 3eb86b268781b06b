import { describe, expect, it } from 'vitest';
import { fixtureDir, listPages } from './fixture-pages';
import { defineGoldenSuite } from './golden-suite';

describe('extract on real pages (part 2 of 2)', () => {
  it('has pages to check in this half', () => {
    expect(listPages(fixtureDir().dir).filter((_, i) => i % 2 === 1).length).toBeGreaterThan(0);
  });
  defineGoldenSuite(1, 2);
});
