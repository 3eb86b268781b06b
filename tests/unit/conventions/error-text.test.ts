import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findErrorTextParsing } from '../../../scripts/lib/error-text-check';

const root = process.cwd();

function uiSources(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) uiSources(p, out);
    else if (/\.tsx?$/.test(e.name)) out.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
  }
  return out;
}

const check = (source: string) =>
  findErrorTextParsing(new Map([['src/ui/fixture.tsx', source]])).map((u) => u.text);

describe('the UI words error codes and never parses error text', () => {
  it('no file under src/ui/ runs a regex over an error message', () => {
    const found = findErrorTextParsing(uiSources(join(root, 'src/ui')));
    expect(found.map((u) => `${u.file}:${u.line}: ${u.text}`)).toEqual([]);
  });

  it('fails on the ways the panel used to read reasons back', () => {
    expect(
      check(
        [
          'const offline = /internet connection/i.test(e.message);',
          'const m = OLD.exec(message);',
          'if (/HTTP (\\d+)/.exec(err.message)) return null;',
          "const short = error.replace(/^Every search failed\\. /, '');",
          'const parts = status.error.split(/: /);',
          'const code = hint.match(/OLLAMA_ORIGINS=(\\S+)/)?.[1];',
          "const why = new RegExp('refused').test(reason);",
        ].join('\n'),
      ),
    ).toHaveLength(7);
  });

  it('fails on testing an error text for a part of it, as the banner once told one failure from another', () => {
    expect(
      check(
        [
          'return e.code === "engine-failed" && e.message.startsWith(above.trim());',
          "const offline = err?.message?.includes('internet connection');",
          "if (hint!.endsWith('ollama serve')) return;",
          "const chinese = w.reason.endsWith('。');",
          "const refused = error.includes('refused');",
        ].join('\n'),
      ),
    ).toHaveLength(5);
  });

  it('but not the codes, nor parts of other text', () => {
    expect(
      check(
        [
          "if (e.code.startsWith('search-')) return searchWords(e, t);",
          "const local = url.startsWith('http://127.0.0.1');",
          'const listed = models.includes(value);',
          "const chosen = e.params.url.endsWith('/v1');",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('but not regexes over other text, nor comments about errors', () => {
    expect(
      check(
        [
          "const id = key.replace(/-/g, '_');",
          'const words = text.split(/\\s+/);',
          '// a regex over e.message used to live here: /x/.test(e.message)',
          'const ok = /^https?:/.test(url);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
