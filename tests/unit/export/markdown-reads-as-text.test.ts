import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { sessionToMarkdown } from '../../../src/export';
import { sampleSession, searchStep, visitStep } from './sample-session';

const URL_A = 'https://docs.example/blanket';

/** A run whose page text carries turndown's marks and whose query, goal and title carry quotes. */
function run() {
  const steps = [
    searchStep(0, [
      {
        query: 'mocha "code coverage" library',
        hits: [{ title: 'Blanket "js" docs', url: URL_A, snippet: 'A "tool".' }],
      },
    ]),
    visitStep(1, 'Find the "best" tool', [
      {
        url: URL_A,
        title: 'Blanket "js" docs',
        ok: true,
        // The passage window cut the page's bold: its closing ** is in a passage that was not taken.
        evidence: 'He said "it works". **Blanket.js runs in the browser\n1\\. Install it.\n2\\. Run _mocha_.',
        summary: '',
      },
    ]),
  ];
  const session = sampleSession({
    question: 'Which "coverage" tool works with Mocha?',
    citations: undefined,
  });
  return sessionToMarkdown(session, steps, { trail: true });
}

describe('an exported run reads as text, raw or rendered', () => {
  it('quotes in the question, queries, goals and titles stay quotes, not &quot;', () => {
    const md = run();
    expect(md).not.toContain('&quot;');
    expect(md).toContain('# Which "coverage" tool works with Mocha?');
    expect(md).toContain('<summary>Step 1 · Search: mocha "code coverage" library</summary>');
    expect(md).toContain('Goal: Find the "best" tool');
  });

  it('page bold cut by the evidence window does not run on through the quote, and no marks are left', () => {
    const md = run();
    const quoteLines = md.split('\n').filter((l) => l.startsWith('>'));
    expect(quoteLines.join('\n')).toBe(
      '> He said "it works". Blanket.js runs in the browser\n> 1\\. Install it.\n> 2\\. Run mocha.',
    );
    const html = new Marked({ gfm: true }).parse(md, { async: false });
    const quote = new JSDOM(html).window.document.querySelector('blockquote');
    expect(quote?.querySelector('strong, em')).toBeNull();
    expect(quote?.textContent?.trim()).toBe(
      'He said "it works". Blanket.js runs in the browser\n1. Install it.\n2. Run mocha.',
    );
  });
});
