import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The developers' rule for code files, checked rather than remembered: kebab-case names, under 300
 * lines (a file that outgrows it is split by what its parts do). Fixture data (tests/fixtures: real
 * pages, recorded responses) is not code and is left out.
 */
const MAX_LINES = 299;
const CODE = /\.(ts|tsx|mjs|js|css)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/;
const DIRS = ['src', 'extension', 'tests', 'scripts'];
const LEFT_OUT = new Set(['tests/fixtures']);

const lineCount = (text: string) =>
  (text.match(/\n/g)?.length ?? 0) + (text === '' || text.endsWith('\n') ? 0 : 1);

/** 'path: what is wrong' for each file that breaks the rule. */
function problems(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    const name = file.split('/').pop() ?? file;
    if (!KEBAB.test(name)) out.push(`${file}: name is not kebab-case`);
    const lines = lineCount(text);
    if (lines > MAX_LINES) out.push(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  }
  return out;
}

function readCode(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(root, p).split(sep).join('/');
      if (e.isDirectory()) {
        if (!LEFT_OUT.has(rel)) walk(p);
      } else if (CODE.test(e.name)) files.set(rel, readFileSync(p, 'utf8'));
    }
  };
  for (const d of DIRS) walk(join(root, d));
  return files;
}

describe('code files are small and kebab-case, checked on the repository', () => {
  it('every code file in src/, extension/, tests/ and scripts/ keeps the rule', () => {
    const files = readCode(process.cwd());
    expect(files.size).toBeGreaterThan(500);
    expect(problems(files)).toEqual([]);
  });
});

describe('the check fails on files that break the rule', () => {
  it('a file of 300 lines, and not one of 299', () => {
    const lines = (n: number) => 'x;\n'.repeat(n);
    expect(problems(new Map([['src/a/long-file.ts', lines(300)]]))).toEqual([
      'src/a/long-file.ts: 300 lines (at most 299)',
    ]);
    expect(problems(new Map([['src/a/long-file.ts', lines(299)]]))).toEqual([]);
    expect(problems(new Map([['src/a/no-newline.ts', `${lines(299)}x;`]]))).toEqual([
      'src/a/no-newline.ts: 300 lines (at most 299)',
    ]);
  });

  it('a name in camelCase, PascalCase or snake_case', () => {
    const files = new Map(
      ['src/ui/appShell.tsx', 'src/ui/AppShell.tsx', 'src/ui/app_shell.tsx'].map((f) => [f, '']),
    );
    expect(problems(files)).toEqual([
      'src/ui/appShell.tsx: name is not kebab-case',
      'src/ui/AppShell.tsx: name is not kebab-case',
      'src/ui/app_shell.tsx: name is not kebab-case',
    ]);
    expect(problems(new Map([['tests/unit/ui/app-shell.test.tsx', '']]))).toEqual([]);
  });
});
