import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

type Version = [number, number, number];
const parse = (s: string): Version => {
  const [a = 0, b = 0, c = 0] = s.replace(/^v/, '').split('.').map(Number);
  return [a, b, c];
};
const cmp = (x: Version, y: Version) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/**
 * Enough of npm's range syntax for `engines.node` fields: `||` of space-separated comparators, each
 * `>=X`, `<X`, `^X`, `*`, or a major written bare, as `X.*` or as `X.x`.
 */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((part) => {
    const comparators = part
      .trim()
      .replace(/(>=|<|\^)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((c) => {
      const p = c.replace(/\.[x*]$/, '').replace(/\.[x*]$/, '');
      if (p === '*') return true;
      if (p.startsWith('>=')) return cmp(v, parse(p.slice(2))) >= 0;
      if (p.startsWith('<')) return cmp(v, parse(p.slice(1))) < 0;
      if (p.startsWith('^')) {
        const min = parse(p.slice(1));
        return v[0] === min[0] && cmp(v, min) >= 0;
      }
      if (/^v?\d+$/.test(p)) return v[0] === parse(p)[0];
      throw new Error(`range form not understood: ${part}`);
    });
  });
}

describe('the Node version the README states', () => {
  const readme = read('README.md');
  const stated = /\(Node (\d+\.\d+)\+/.exec(readme)?.[1];
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { engines?: { node?: string }; optional?: boolean }>;
  };

  it('is the one package.json declares', () => {
    expect(stated).toBeDefined();
    expect(pkg.engines.node).toBe(`>=${stated}.0`);
  });

  // puppeteer-core 25 (and its @puppeteer/browsers), which only the Firefox tests drive, declare
  // Node >=22.12; they run on Node 20 here (the whole Firefox suite does), so npm ci's warning about
  // them is the one the README names. Any other package that wants a newer Node fails this test.
  const FIREFOX_TEST_ONLY = new Set(['node_modules/puppeteer-core', 'node_modules/@puppeteer/browsers']);

  it('satisfies every installed package but the Firefox test driver (npm ci warns of no other)', () => {
    const v = parse(stated ?? '0');
    const unmet = Object.entries(lock.packages)
      .filter(([name]) => !FIREFOX_TEST_ONLY.has(name))
      .filter(([name, p]) => name && !p.optional && p.engines?.node && !satisfies(v, p.engines.node))
      .map(([name, p]) => `${name} wants ${p.engines?.node}`);
    expect(unmet).toEqual([]);
  });
});
