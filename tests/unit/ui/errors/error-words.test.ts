import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RunError, RunErrorSchema, readRunError } from '../../../../src/errors/run-error';
import { errorLine, errorWords } from '../../../../src/ui/errors/error-words';
import type { Translate } from '../../../../src/ui/shared/translate';
import { SAMPLES } from './error-samples';

const table = JSON.parse(readFileSync(resolve(process.cwd(), 'scripts/locales.json'), 'utf8')) as Record<
  string,
  { en: string; zh_CN?: string }
>;
/** chrome.i18n as each language gives it: the key itself when a string is missing. */
const translator =
  (lang: 'en' | 'zh_CN'): Translate =>
  (key, subs) => {
    const row = table[key]?.[lang];
    if (!row) return key;
    const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
    return row.replace(/\$(\d)/g, (_, n: string) => list[Number(n) - 1] ?? '');
  };
const en = translator('en');
const zh = translator('zh_CN');
const HAN = /\p{Script=Han}/u;
// What the user's own text or a library's carries through unchanged.
const VERBATIM = new Set(['stored-text']);

describe('every error code is worded in English and Simplified Chinese', () => {
  it('the samples cover every code of the union', () => {
    const codes = RunErrorSchema.options.map((o) => o.entries.code.literal).sort();
    expect(Object.keys(SAMPLES).sort()).toEqual(codes);
  });

  for (const [code, sample] of Object.entries(SAMPLES)) {
    it(code, () => {
      expect(readRunError(sample)).toEqual(sample);
      for (const t of [en, zh]) {
        const w = errorWords(sample, t);
        const line = errorLine(sample, t);
        // No message key left unresolved, no placeholder left unfilled, no empty part.
        expect(line).not.toMatch(/\berr[A-Z][A-Za-z_]+\b|\$\d/);
        expect(w.reason.trim()).not.toBe('');
        if (w.fix !== undefined) expect(w.fix.trim()).not.toBe('');
      }
      if (!VERBATIM.has(code)) {
        expect(errorLine(sample, zh)).toMatch(HAN);
        expect(errorLine(sample, en)).not.toMatch(HAN);
      }
    });
  }
});

const down = (reach: 'loopback' | 'lan' | 'public', cause: 'unknown' | 'dns' = 'unknown'): RunError => ({
  code: 'search-all-failed',
  params: {
    first: { code: 'search-unreachable', params: { provider: 'SearXNG', host: 'h:8888', reach, cause } },
  },
});

describe('the cause that applies', () => {
  it('a search server on this computer that is down is not the internet connection', () => {
    const e = down('loopback');
    expect(errorLine(e, en)).toContain('SearXNG at h:8888 is not answering');
    expect(errorLine(e, en)).toContain('Start SearXNG on this computer');
    expect(errorLine(e, en)).not.toMatch(/internet|connection|offline/i);
    expect(errorLine(e, zh)).toContain('这台电脑上的搜索服务器似乎没有运行。请在这台电脑上启动 SearXNG');
    expect(errorLine(e, zh)).not.toMatch(/网络|互联网|离线/);
  });

  it('one on the local network is named as such, also not the internet', () => {
    expect(errorLine(down('lan'), en)).toContain('on your local network');
    expect(errorLine(down('lan'), en)).not.toMatch(/internet/i);
    expect(errorLine(down('lan'), zh)).toContain('局域网');
  });

  it('only a public host points at the internet connection, and DNS is told apart', () => {
    expect(errorLine(down('public'), en)).toContain('Check the internet connection');
    expect(errorLine(down('public', 'dns'), en)).toContain('did not resolve (DNS)');
    expect(errorLine(down('public', 'dns'), zh)).toContain('无法解析');
  });

  it('a model server that refuses the extension gets the exact OLLAMA_ORIGINS value', () => {
    const chrome = errorLine(SAMPLES['model-server-origin-refused'], en);
    expect(chrome).toContain('OLLAMA_ORIGINS=chrome-extension://* ollama serve');
    expect(chrome).toContain('moz-extension://*');
    const firefox: RunError = {
      code: 'model-server-origin-refused',
      params: { url: 'http://127.0.0.1:11434/v1', origin: 'moz-extension://1234' },
    };
    expect(errorLine(firefox, en)).toContain('OLLAMA_ORIGINS=moz-extension://* ollama serve');
    expect(errorLine(firefox, zh)).toContain('OLLAMA_ORIGINS=moz-extension://*');
  });

  it('a model server on this computer that is down says to start it, with the origin fix', () => {
    const line = errorLine(SAMPLES['model-server-unreachable'], en);
    expect(line).toContain('does not seem to be running on this computer');
    expect(line).toContain('OLLAMA_ORIGINS=chrome-extension://*');
    expect(line).not.toMatch(/internet/i);
  });

  it('an old session’s English text is shown as stored', () => {
    expect(readRunError(undefined, 'Could not reach the server.')).toEqual({
      code: 'stored-text',
      params: { text: 'Could not reach the server.' },
    });
    expect(readRunError({ code: 'no-such-code', params: {} })).toBeNull();
  });
});
