import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchFailure } from '../../../src/errors/run-error';
import { sessionToMarkdown } from '../../../src/export';
import { errorLine } from '../../../src/ui/errors/error-words';
import type { Translate } from '../../../src/ui/shared/translate';
import { sampleSession, searchStep } from './sample-session';

const table = JSON.parse(readFileSync(resolve(process.cwd(), 'scripts/locales.json'), 'utf8')) as Record<
  string,
  { en: string; zh_CN?: string }
>;
const tZh: Translate = (key, subs) => {
  const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
  return (table[key]?.zh_CN ?? key).replace(/\$(\d)/g, (_, n: string) => list[Number(n) - 1] ?? '');
};

const DOWN: SearchFailure = {
  code: 'search-unreachable',
  params: { provider: 'SearXNG', host: '127.0.0.1:8888', reach: 'loopback', cause: 'refused' },
};
const ENGLISH = 'SearXNG could not be reached (fetch failed). Check the internet connection.';
const steps = [searchStep(0, [{ query: 'boiling point', hits: [], error: ENGLISH, errorInfo: DOWN }])];

// Issue 26 item 6: the export wrote a failed search's English text (what the model read), with the
// wrong advice, while the panel beside it gave the reason in the user's language.
describe("the export's research trail words a failed search as the panel does", () => {
  it('in the reader’s language, from the failure’s code', () => {
    const md = sessionToMarkdown(sampleSession(), steps, {
      trail: true,
      wordError: (e) => errorLine(e, tZh),
    });
    expect(md).toContain('这台电脑上的搜索服务器似乎没有运行');
    expect(md).not.toContain('internet connection');
  });

  it('with the recorded text when no wording is given, or the failure has no code', () => {
    expect(sessionToMarkdown(sampleSession(), steps, { trail: true })).toContain(
      'Check the internet connection',
    );
    const old = [searchStep(0, [{ query: 'boiling point', hits: [], error: ENGLISH }])];
    const md = sessionToMarkdown(sampleSession(), old, { trail: true, wordError: (e) => errorLine(e, tZh) });
    expect(md).toContain('Check the internet connection');
  });
});
