import ts from 'typescript';

/**
 * The developers' rule on function length, checked rather than remembered: a function (declaration,
 * expression, arrow, method, accessor, constructor) fills at most MAX_FUNCTION_LINES lines, unless
 * the comment directly above the statement that holds it starts with `Long:` and says why. A file
 * cap alone let one function fill a whole file.
 */
export const MAX_FUNCTION_LINES = 80;
const REASON = /^\s*(\/\/|\/\*+|\*)\s*Long:\s*\S/m;

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.AccessorDeclaration;

function isFunction(n: ts.Node): n is FunctionNode {
  return (
    ts.isFunctionDeclaration(n) ||
    ts.isFunctionExpression(n) ||
    ts.isArrowFunction(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isConstructorDeclaration(n) ||
    ts.isGetAccessor(n) ||
    ts.isSetAccessor(n)
  );
}

function nameOf(n: FunctionNode): string {
  if (n.name) return n.name.getText();
  const p = n.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) {
    return p.name.getText();
  }
  if (ts.isCallExpression(p)) return `(callback of ${p.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** The statement (or object member) whose leading comment speaks for the function. */
function anchorOf(n: ts.Node): ts.Node {
  let a = n;
  while (a.parent && !ts.isSourceFile(a.parent) && !ts.isBlock(a.parent)) {
    if (ts.isVariableStatement(a) || ts.isFunctionDeclaration(a) || ts.isClassElement(a)) break;
    if (ts.isObjectLiteralElement(a)) break;
    a = a.parent;
  }
  return a;
}

function hasReason(text: string, n: ts.Node): boolean {
  const ranges = ts.getLeadingCommentRanges(text, anchorOf(n).getFullStart()) ?? [];
  return ranges.some((r) => REASON.test(text.slice(r.pos, r.end)));
}

/** Every function of one file over the limit that has no written reason. */
export function longFunctions(file: string, text: string): LongFunction[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: LongFunction[] = [];
  const visit = (n: ts.Node) => {
    if (isFunction(n) && n.body) {
      const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
      const lines = sf.getLineAndCharacterOfPosition(n.end).line + 2 - line;
      if (lines > MAX_FUNCTION_LINES && !hasReason(text, n)) {
        out.push({ file, name: nameOf(n), line, lines });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
