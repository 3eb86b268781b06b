import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ui = path.resolve(import.meta.dirname, '../../../src/ui');

describe('the stylesheet, one file per view or component', () => {
  it('imports every file under styles/ exactly once, and each stays small', () => {
    const index = readFileSync(path.join(ui, 'styles.css'), 'utf8');
    const imported = [...index.matchAll(/@import "\.\/styles\/([\w-]+\.css)";/g)].map((m) => m[1]);
    const files = readdirSync(path.join(ui, 'styles')).filter((f) => f.endsWith('.css'));
    expect([...imported].sort()).toEqual([...files].sort());
    expect(new Set(imported).size).toBe(imported.length);
    // The theme's tokens come first: every other file uses them.
    expect(imported[0]).toBe('base.css');
    for (const f of files) {
      const lines = readFileSync(path.join(ui, 'styles', f), 'utf8').split('\n').length;
      expect(lines, f).toBeLessThan(300);
    }
  });
});
