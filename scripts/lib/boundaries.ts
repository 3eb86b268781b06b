/**
 * The code rules of ARCHITECTURE.md §2 as a check over source text, so they are enforced rather than
 * remembered (tests/unit/conventions runs it on the repository, and on small trees that break each
 * rule to show it fails):
 *
 * - only src/platform/ names the browser globals `chrome` / `browser`;
 * - the pure rooms (agent, citations, profiles, extract, export, security) import nothing from platform/, ui/ or extension/;
 * - nothing else in src/ imports platform/ (logic takes the browser as parameters; entry points in
 *   extension/ wire the platform in), and nothing in src/ imports extension/, tests/ or scripts/
 *   (but the eval CLI's Node wiring, scripts/eval/node/, may use the dev code in scripts/lib/);
 * - the UI imports neither the platform nor the runner (it is a view over messages and the store);
 * - src/test-seams/ (code only the e2e build includes) is imported by entry points, not by logic;
 * - every room stands on a floor of floors.ts, and no import (type-only included) runs up a floor;
 * - no import cycle between files, and none between rooms through imports that exist at run time
 *   (a room is a folder of src/, with llm/host and each tools/ folder a room of its own).
 */
import ts from 'typescript';
import { FLOORS, floorOf, roomOf } from './floors';
import { cycles } from './graph-cycles';

export { FLOORS, roomOf };

export interface Violation {
  rule:
    | 'browser-global'
    | 'import-boundary'
    | 'upward-import'
    | 'unplaced-room'
    | 'file-cycle'
    | 'room-cycle';
  file: string;
  detail: string;
}

/** Files by repository-relative path with forward slashes, e.g. `src/agent/loop.ts`. */
export type SourceTree = ReadonlyMap<string, string>;

const GLOBALS = new Set(['chrome', 'browser']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self']);

const inScope = (file: string) => file.startsWith('src/') || file.startsWith('extension/');
const isPlatform = (file: string) => file.startsWith('src/platform/');

interface ImportEdge {
  to: string;
  /** `import type` / `export type`: gone at run time. */
  typeOnly: boolean;
}

function resolve(tree: SourceTree, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const dir = from.split('/').slice(0, -1);
  for (const part of spec.replace(/\?.*$/, '').split('/')) {
    if (part === '..') dir.pop();
    else if (part !== '.') dir.push(part);
  }
  // `./x.js` names the emitted file; the source is `./x.ts`.
  const base = dir.join('/').replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (tree.has(candidate)) return candidate;
  }
  return null;
}

function parse(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function importsOf(tree: SourceTree, file: string, source: ts.SourceFile): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const to = resolve(tree, file, spec.text);
    if (to) edges.push({ to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Names bound in the file (variables, parameters, functions, imports): those shadow a global. */
function boundNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    const named = node as ts.Node & { name?: ts.Node };
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isImportSpecifier(node) ||
        ts.isImportClause(node) ||
        ts.isNamespaceImport(node) ||
        ts.isBindingElement(node)) &&
      named.name &&
      ts.isIdentifier(named.name)
    ) {
      names.add(named.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Where the file refers to the browser's extension API object, as `chrome.x`, `browser`, `globalThis.chrome`. */
function browserGlobals(source: ts.SourceFile): { name: string; line: number }[] {
  const shadowed = boundNames(source);
  const found: { name: string; line: number }[] = [];
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && GLOBALS.has(node.text) && !shadowed.has(node.text)) {
      const p = node.parent;
      const isKey =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        (ts.isQualifiedName(p) && p.right === node) ||
        ((ts.isPropertyAssignment(p) ||
          ts.isPropertySignature(p) ||
          ts.isPropertyDeclaration(p) ||
          ts.isMethodDeclaration(p) ||
          ts.isMethodSignature(p) ||
          ts.isEnumMember(p)) &&
          p.name === node);
      if (!isKey) found.push({ name: node.text, line: line(node) });
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      GLOBALS.has(node.name.text) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text)
    ) {
      found.push({ name: `${node.expression.text}.${node.name.text}`, line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const PURE_ROOMS = [
  'src/agent/',
  'src/citations/',
  'src/profiles/',
  'src/extract/',
  'src/export/',
  'src/security/',
];

/** Why `from` may not import `to`, or null when it may. */
function forbiddenImport(from: string, to: string): string | null {
  const under = (prefix: string) => to.startsWith(prefix);
  if (PURE_ROOMS.some((p) => from.startsWith(p))) {
    if (under('src/platform/') || under('src/ui/') || under('extension/')) {
      return `${roomOf(from)} is pure logic and may not import ${roomOf(to)}`;
    }
  }
  if (from.startsWith('src/')) {
    if (under('extension/')) return 'src/ may not import the entry points in extension/';
    // scripts/eval/node/ is the Node side of `npm run eval`, never bundled: it may use dev code.
    const nodeTool = from.startsWith('scripts/eval/node/') && under('scripts/lib/');
    if ((under('tests/') || under('scripts/')) && !nodeTool) {
      return 'src/ may not import tests/ or scripts/ (dev-only code)';
    }
    if (under('src/platform/') && !isPlatform(from)) {
      return 'only entry points (extension/) wire in src/platform/; logic takes the browser as parameters';
    }
  }
  if (from.startsWith('src/') && under('src/test-seams/') && !from.startsWith('src/test-seams/')) {
    return 'test seams are wired in only by entry points, for the e2e build';
  }
  if (from.startsWith('src/ui/') && under('src/runner/')) {
    return 'the UI talks to the runner through messages, not by importing it';
  }
  return null;
}

/** Rooms missing from the floor table, and imports from a lower floor to a higher one. */
function floorViolations(graph: ReadonlyMap<string, ImportEdge[]>): Violation[] {
  const out: Violation[] = [];
  const unplaced = new Set<string>();
  const name = (level: number | undefined) => FLOORS.find((f) => f.level === level)?.name ?? '?';
  for (const [file, edges] of graph) {
    const room = roomOf(file);
    const level = floorOf(room);
    if (level === undefined) {
      if (!unplaced.has(room)) {
        unplaced.add(room);
        out.push({
          rule: 'unplaced-room',
          file,
          detail: `room ${room} is on no floor of scripts/lib/floors.ts`,
        });
      }
      continue;
    }
    for (const e of edges) {
      const to = floorOf(roomOf(e.to));
      if (to === undefined || to <= level) continue;
      out.push({
        rule: 'upward-import',
        file,
        detail:
          `imports ${e.to}${e.typeOnly ? ' (type-only)' : ''}: ${room} (floor ${level}, ${name(level)}) ` +
          `may not import ${roomOf(e.to)} (floor ${to}, ${name(to)})`,
      });
    }
  }
  return out;
}

export function checkBoundaries(tree: SourceTree): Violation[] {
  const out: Violation[] = [];
  const graph = new Map<string, ImportEdge[]>();
  for (const [file, text] of tree) {
    if (!inScope(file) || !/\.tsx?$/.test(file)) continue;
    const source = parse(file, text);
    const edges = importsOf(tree, file, source);
    graph.set(file, edges);
    if (!isPlatform(file)) {
      for (const g of browserGlobals(source)) {
        out.push({
          rule: 'browser-global',
          file,
          detail: `line ${g.line}: ${g.name} — only src/platform/ touches the browser's extension API`,
        });
      }
    }
    for (const e of edges) {
      const why = forbiddenImport(file, e.to);
      if (why) out.push({ rule: 'import-boundary', file, detail: `imports ${e.to}: ${why}` });
    }
  }

  out.push(...floorViolations(graph));
  const inGraph = (f: string) => graph.has(f);
  for (const c of cycles(graph.keys(), (f) => (graph.get(f) ?? []).map((e) => e.to).filter(inGraph))) {
    out.push({ rule: 'file-cycle', file: c[0] ?? '', detail: `import cycle: ${c.join(' → ')}` });
  }

  const rooms = new Map<string, Map<string, string>>();
  for (const [file, edges] of graph) {
    for (const e of edges) {
      const [a, b] = [roomOf(file), roomOf(e.to)];
      if (e.typeOnly || a === b || !inGraph(e.to)) continue;
      const m = rooms.get(a) ?? new Map<string, string>();
      if (!m.has(b)) m.set(b, `${file} → ${e.to}`);
      rooms.set(a, m);
    }
  }
  for (const c of cycles(rooms.keys(), (r) => rooms.get(r)?.keys() ?? [])) {
    const witnesses = c.flatMap((a) => c.map((b) => rooms.get(a)?.get(b)).filter((w) => w !== undefined));
    out.push({
      rule: 'room-cycle',
      file: c[0] ?? '',
      detail: `rooms ${c.join(', ')} import each other at run time: ${witnesses.join('; ')}`,
    });
  }
  return out;
}
