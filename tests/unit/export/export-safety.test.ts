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
