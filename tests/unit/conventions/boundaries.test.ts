import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, FLOORS, type SourceTree, type Violation } from '../../../scripts/lib/boundaries';

const root = process.cwd();

function readTree(dirs: string[]): SourceTree {
  const tree = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name))
        tree.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  for (const d of dirs) walk(join(root, d));
  return tree;
}

const tree = (files: Record<string, string>): SourceTree => new Map(Object.entries(files));
/** The rules checked before the floor table; their fixtures keep asserting only those. */
const EARLIER_RULES: readonly Violation['rule'][] = [
  'browser-global',
  'import-boundary',
  'file-cycle',
  'room-cycle',
];
const rules = (files: Record<string, string>, only: readonly Violation['rule'][] = EARLIER_RULES) =>
  checkBoundaries(tree(files))
    .filter((v) => only.includes(v.rule))
    .map((v) => `${v.rule} ${v.file}`);
const floorRules = (files: Record<string, string>) => rules(files, ['upward-import', 'unplaced-room']);

/** A file path in a room: `llm` is the files directly in src/llm/, `extension/x` a folder of extension/. */
const fileIn = (room: string, name: string) =>
  room.startsWith('extension/')
    ? `${room}/${name}.ts`
    : room === 'llm'
      ? `src/llm/${name}.ts`
      : `src/${room}/${name}.ts`;
const specTo = (from: string, to: string) => {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${to.replace(/\.ts$/, '')}`;
};

describe('code boundaries (ARCHITECTURE.md §2), checked on the repository', () => {
  it('src/ and extension/ keep every rule', () => {
    const violations = checkBoundaries(readTree(['src', 'extension', 'tests', 'scripts']));
    expect(violations.map((v) => `${v.rule} ${v.file}: ${v.detail}`)).toEqual([]);
    // Parsing every file of the repository takes 10–20 s on a loaded 2-core box.
  }, 60_000);
});

describe('the floor table (scripts/lib/floors.ts, drawn in docs/ARCHITECTURE.md)', () => {
  it('places every room once', () => {
    const rooms = FLOORS.flatMap((f) => f.rooms);
    expect(new Set(rooms).size).toBe(rooms.length);
    expect(FLOORS.map((f) => f.level)).toEqual(FLOORS.map((_, i) => i));
  });

  it('fails on an import up each pair of floors, type-only or not, and passes the same imports down', () => {
    for (const low of FLOORS) {
      for (const high of FLOORS.filter((f) => f.level > low.level)) {
        const from = fileIn(low.rooms[0] ?? '', 'low');
        const to = fileIn(high.rooms[0] ?? '', 'high');
        const files = (typeOnly: boolean) => ({
          [from]: `import ${typeOnly ? 'type ' : ''}{ H } from '${specTo(from, to)}';\nexport const l = 1 as unknown as H;\n`,
          [to]: 'export type H = number;\n',
        });
        const where = `${low.name} → ${high.name}`;
        expect(floorRules(files(false)), where).toEqual([`upward-import ${from}`]);
        expect(floorRules(files(true)), `${where} (type-only)`).toEqual([`upward-import ${from}`]);
        const down = {
          [to]: `import { l } from '${specTo(to, from)}';\nexport const h = l;\n`,
          [from]: 'export const l = 1;\n',
        };
        expect(floorRules(down), `${high.name} → ${low.name}`).toEqual([]);
      }
    }
  });

  it('fails on agent/ → store/, a type-only llm/ → runner/ and tools/browse/ → runner/', () => {
    expect(
      floorRules({
        'src/agent/save.ts': "import { put } from '../store/repo';\nexport const save = put;\n",
        'src/store/repo.ts': 'export const put = (s: string) => s;\n',
        'src/llm/openai/engine.ts':
          "import type { RunSpec } from '../../runner/run-spec';\nexport type E = RunSpec;\n",
        'src/llm/host/status.ts':
          "import type { RunSpec } from '../../runner/run-spec.js';\nexport type S = RunSpec;\n",
        'src/runner/run-spec.ts': 'export interface RunSpec { question: string }\n',
        'src/tools/browse/tabs/read.ts':
          "import { RunSpec } from '../../../runner/run-spec';\nexport const r = RunSpec;\n",
      }),
    ).toEqual([
      'upward-import src/agent/save.ts',
      'upward-import src/llm/openai/engine.ts',
      'upward-import src/llm/host/status.ts',
      'upward-import src/tools/browse/tabs/read.ts',
    ]);
  });

  it('resolves `.js` specifiers, and fails on a room that stands on no floor', () => {
    expect(
      rules(
        {
          'src/agent/loop.ts': "import { t } from '../platform/i18n.js';\nexport const x = t;\n",
          'src/platform/i18n.ts': 'export const t = (k: string) => k;\n',
          'src/attic/old.ts': 'export const o = 1;\n',
        },
        ['import-boundary', 'upward-import', 'unplaced-room'],
      ),
    ).toEqual([
      'import-boundary src/agent/loop.ts',
      'upward-import src/agent/loop.ts',
      'unplaced-room src/attic/old.ts',
    ]);
  });
});

describe('the boundary check fails on deliberate violations', () => {
  it('a browser global outside src/platform/', () => {
    expect(
      rules({
        'src/runner/tabs.ts': 'export const open = () => chrome.tabs.create({});\n',
        'src/ui/env.ts': 'export const b = (globalThis as any).browser ?? globalThis.chrome;\n',
        'extension/background/index.ts': 'chrome.runtime.onInstalled.addListener(() => undefined);\n',
        'src/platform/tabs.ts': 'export const open = () => chrome.tabs.create({});\n',
      }),
    ).toEqual([
      'browser-global src/runner/tabs.ts',
      'browser-global src/ui/env.ts',
      'browser-global extension/background/index.ts',
    ]);
  });

  it('but not a local variable, a property or a word in a string or comment', () => {
    expect(
      rules({
        'src/runner/ok.ts': [
          '// chrome.tabs is only used in src/platform',
          'const browser = { name: "x" };',
          "export const a = { chrome: 1, browser: browser.name, text: 'chrome://settings' };",
          'export const b = (o: { browser?: string }) => o.browser;',
        ].join('\n'),
      }),
    ).toEqual([]);
  });

  it('a pure room importing platform/, ui/ or extension/, and logic importing platform/', () => {
    expect(
      rules({
        'src/agent/loop.ts': "import { t } from '../platform/i18n';\nexport const x = t;\n",
        'src/export/md.ts':
          "import type { UiServices } from '../ui/shared/services';\nexport type X = UiServices;\n",
        'src/security/gate.ts': "import '../../extension/background/index';\n",
        'src/runner/r.ts': "import { t } from '../platform/i18n';\nexport const y = t;\n",
        'src/ui/app.ts':
          "import { createResearchRunner } from '../runner/runner';\nexport const z = createResearchRunner;\n",
        'src/store/s.ts': "import { helper } from '../../tests/unit/helpers';\nexport const w = helper;\n",
        'src/llm/host/choice.ts': "import { g } from '../../test-seams/grammar';\nexport const v = g;\n",
        'src/test-seams/grammar.ts': 'export const g = 1;\n',
        'src/platform/i18n.ts': 'export const t = (k: string) => k;\n',
        'src/ui/shared/services.ts': 'export interface UiServices { t(): string }\n',
        'src/runner/runner.ts': 'export const createResearchRunner = () => 1;\n',
        'extension/background/index.ts': 'export {};\n',
        'tests/unit/helpers.ts': 'export const helper = 1;\n',
      }),
    ).toEqual([
      'import-boundary src/agent/loop.ts',
      'import-boundary src/export/md.ts',
      'import-boundary src/security/gate.ts',
      'import-boundary src/runner/r.ts',
      'import-boundary src/ui/app.ts',
      'import-boundary src/store/s.ts',
      'import-boundary src/llm/host/choice.ts',
    ]);
  });

  it('an import cycle between files, even through type-only imports', () => {
    expect(
      rules({
        'src/llm/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/llm/b.ts': "import type { C } from './c';\nexport const b = (c: C) => c;\n",
        'src/llm/c.ts': "import { a } from './a';\nexport type C = ReturnType<typeof a>;\n",
      }),
    ).toEqual(['file-cycle src/llm/a.ts']);
  });

  it('two rooms importing each other at run time (an upward import), but not through types', () => {
    expect(
      rules({
        'src/store/repo.ts': "import { parse } from '../agent/parse';\nexport const r = parse;\n",
        'src/agent/parse.ts': 'export const parse = (s: string) => s;\n',
        'src/agent/save.ts': "import { r } from '../store/repo';\nexport const save = r;\n",
      }),
    ).toEqual(['room-cycle agent']);
    expect(
      rules({
        'src/messaging/protocol.ts':
          "import type { EngineStatus } from '../llm/host/status';\nexport type S = EngineStatus;\n",
        'src/llm/host/status.ts': 'export interface EngineStatus { state: string }\n',
        'src/llm/host/handlers.ts':
          "import { messages } from '../../messaging/table';\nexport const h = messages;\n",
        'src/messaging/table.ts': 'export const messages = {};\n',
      }),
    ).toEqual([]);
  });
});

describe('the Biome rules fail on deliberate violations (npm run lint)', () => {
  it('reports a browser global outside src/platform/ and a pure room importing platform/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sleuth-boundaries-'));
    try {
      cpSync(join(root, 'biome.json'), join(dir, 'biome.json'));
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write('src/platform/i18n.ts', 'export const t = (k: string): string => chrome.i18n.getMessage(k);\n');
      write('src/agent/bad.ts', "import { t } from '../platform/i18n';\n\nexport const x = t('a');\n");
      write('src/runner/bad.ts', 'export const id = (): string => chrome.runtime.id;\n');
      write('src/runner/fine.ts', 'const browser = { id: 1 };\n\nexport const y = browser.id;\n');
      const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', '.'], {
        cwd: dir,
        encoding: 'utf8',
      });
      const out = `${run.stdout}${run.stderr}`;
      expect(run.status).not.toBe(0);
      expect(out).toMatch(/src\/agent\/bad\.ts:1:\d+ lint\/style\/noRestrictedImports/);
      expect(out).toMatch(/src\/runner\/bad\.ts:1:\d+ lint\/style\/noRestrictedGlobals/);
      expect(out).not.toMatch(/src\/platform\/i18n\.ts:\d+:\d+ lint/);
      expect(out).not.toMatch(/src\/runner\/fine\.ts:\d+:\d+ lint/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
