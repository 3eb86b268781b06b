import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longFunctions, MAX_FUNCTION_LINES } from '../../../scripts/lib/function-size';

const CODE = /\.(ts|tsx)$/;
const DIRS = ['src', 'extension'];

function readCode(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (CODE.test(e.name) && !e.name.endsWith('.d.ts')) {
        files.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
      }
    }
  };
  for (const d of DIRS) walk(join(root, d));
  return files;
}

const show = (f: { file: string; name: string; line: number; lines: number }) =>
  `${f.file}:${f.line} ${f.name} (${f.lines} lines)`;

/** A function of `n` lines: its header, n - 2 statements and its closing brace. */
const fn = (name: string, n: number) => `function ${name}() {\n${'  x();\n'.repeat(n - 2)}}\n`;

describe('functions are short enough to read at once, checked on the repository', () => {
  it(`no function in src/ or extension/ passes ${MAX_FUNCTION_LINES} lines without a written reason`, () => {
    const files = readCode(process.cwd());
    expect(files.size).toBeGreaterThan(300);
    const long = [...files].flatMap(([file, text]) => longFunctions(file, text));
    expect(long.map(show)).toEqual([]);
  });
});

describe('the check fails on a long function', () => {
  it('a declaration of 81 lines, and not one of 80', () => {
    expect(longFunctions('src/a.ts', fn('long', 81)).map(show)).toEqual(['src/a.ts:1 long (81 lines)']);
    expect(longFunctions('src/a.ts', fn('fits', 80))).toEqual([]);
  });

  it('an arrow held by a constant, a method and a component in TSX', () => {
    const body = '  x();\n'.repeat(85);
    const text = [
      `export const run = async () => {\n${body}};`,
      `class A {\n  go() {\n${body}  }\n}`,
      `export function View() {\n${body}  return <div />;\n}`,
    ].join('\n');
    expect(longFunctions('src/v.tsx', text).map((f) => f.name)).toEqual(['run', 'go', 'View']);
  });

  it('a comment above it that is not a reason does not excuse it; a `Long:` reason does', () => {
    const what = `/** Runs the thing. */\n${fn('described', 90)}`;
    expect(longFunctions('src/a.ts', what)).toHaveLength(1);
    const why = `// Long: one state machine whose states share the locals; split it and they travel.\n${fn('reasoned', 90)}`;
    expect(longFunctions('src/a.ts', why)).toEqual([]);
    const constWhy = `/** Long: a table of handlers, one line each. */\nexport const t = () => {\n${'  x();\n'.repeat(90)}};\n`;
    expect(longFunctions('src/a.ts', constWhy)).toEqual([]);
  });
});
