import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(process.cwd());
const table = JSON.parse(readFileSync(join(root, 'scripts/locales.json'), 'utf8')) as Record<
  string,
  { en: string; zh_CN?: string }
>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('UI strings', () => {
  it('every key the UI asks for exists in English and Simplified Chinese', () => {
    const used = new Set<string>();
    for (const file of [...sources(join(root, 'src')), ...sources(join(root, 'extension'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([A-Za-z0-9_]+)'/g))
        if (m[1]) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((k) => !table[k]?.en || !table[k]?.zh_CN);
    expect(missing).toEqual([]);
  });

  it('both languages take the same placeholders', () => {
    const count = (s: string) => [...new Set(s.match(/\$\d/g) ?? [])].sort().join(',');
    const mismatched = Object.entries(table).filter(([, v]) => v.zh_CN && count(v.en) !== count(v.zh_CN));
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('the shipped _locales files were regenerated from the table', () => {
    for (const lang of ['en', 'zh_CN'] as const) {
      const shipped = JSON.parse(
        readFileSync(join(root, `public/_locales/${lang}/messages.json`), 'utf8'),
      ) as Record<string, unknown>;
      expect(Object.keys(shipped).sort()).toEqual(Object.keys(table).sort());
    }
  });
});
