import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { escapeMarkdownText, safeAnswerMarkdown, splitCode } from '../../../src/security/markdown-escape';
import { fill, PAYLOADS } from '../../robustness/suites/render-payloads';

const render = (md: string) => new Marked({ gfm: true }).parse(md, { async: false });

const SAFE_TAGS = new Set(
  'html head body p a code pre em strong del ul ol li h1 h2 h3 h4 h5 h6 blockquote br hr table thead tbody tr th td input'.split(
    ' ',
  ),
);

/** Every element and attribute a raw-HTML viewer would create from this markdown, judged. */
function problems(md: string): string[] {
  const doc = new JSDOM(render(md)).window.document;
  const found: string[] = [];
  for (const el of doc.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!SAFE_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (
        name.startsWith('on') ||
        ['src', 'srcset', 'poster', 'data', 'background', 'style', 'action', 'formaction'].includes(name)
      )
        found.push(`${tag}[${name}]`);
      if (name === 'href' && !/^(https?:|mailto:)/i.test(attr.value)) found.push(`href=${attr.value}`);
    }
  }
  return found;
}

describe('the answer in an export runs nothing and loads nothing in a raw-HTML viewer', () => {
  PAYLOADS.forEach((template, i) => {
    it(`payload ${i}: ${template.slice(0, 50)}`, () => {
      const payload = fill(template, `p${i}`, i);
      const md = safeAnswerMarkdown(`The answer.\n\n${payload}\n\nMore text ${payload} inline.`);
      expect(problems(md)).toEqual([]);
    });
  });

  PAYLOADS.forEach((template, i) => {
    it(`payload ${i} inside link text: ${template.slice(0, 40)}`, () => {
      const payload = fill(template, `p${i}`, i);
      for (const md of [
        `[see ${payload}](https://a.example/)`,
        `[see \\${payload.replace(/\[/g, '\\[')}](https://a.example/)`,
      ]) {
        expect(problems(safeAnswerMarkdown(md)), md).toEqual([]);
      }
    });
  });

  it('keeps ordinary markdown and web links', () => {
    const md =
      '# Title\n\n**Bold** and _it_ with [a link](https://example.com/a_(b)) and `code <b>`.\n\n- one\n- two';
    const html = render(safeAnswerMarkdown(md));
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('href="https://example.com/a_%28b%29"');
    expect(html).toContain('<code>code &lt;b&gt;</code>');
    expect(html).toContain('<li>two</li>');
  });

  it('turns images into links and leaves code blocks as they are', () => {
    const md = safeAnswerMarkdown(
      'See ![chart](https://img.example/c.png).\n\n```html\n<img src="x">\n```\n',
    );
    expect(md).toContain('[chart](https://img.example/c.png)');
    expect(md).not.toContain('![');
    expect(md).toContain('```html\n<img src="x">\n```');
  });

  it('shows links to pages that were not read, and non-web links, as plain text with their URL', () => {
    const md = safeAnswerMarkdown(
      '[read](https://a.example/) [unread](https://b.example/) [js](javascript:alert(1))',
      {
        isRead: (u) => u === 'https://a.example/',
      },
    );
    expect(md).toBe('[read](https://a.example/) unread (`https://b.example/`) js (`javascript:alert(1)`)');
    expect(problems(md)).toEqual([]);
  });

  it('neutralises reference definitions and reference images', () => {
    const md = safeAnswerMarkdown('![a][r]\n\n[r]: https://evil.example/x.png');
    expect(problems(md)).toEqual([]);
    expect(render(md)).not.toContain('evil.example/x.png"');
  });
});

describe('text that is not the answer is shown literally', () => {
  const hostile = [
    '![x](https://evil.example/load.png)',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '# heading\n- item',
    '*bold* _it_ `code` ~~del~~ | table |',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '1. numbered',
  ];
  for (const text of hostile) {
    it(`shows ${JSON.stringify(text)} as written`, () => {
      const md = escapeMarkdownText(text);
      expect(problems(md)).toEqual([]);
      const shown = new JSDOM(render(md)).window.document.body.textContent ?? '';
      expect(shown.replace(/\s+/g, ' ').trim()).toBe(text.replace(/\s+/g, ' ').trim());
    });
  }
});

describe('code splitting', () => {
  it('finds fences, inline spans of any length, and an unclosed fence', () => {
    expect(splitCode('a `b` c ``d`e`` f').map((p) => [p.text, p.code])).toEqual([
      ['a ', false],
      ['`b`', true],
      [' c ', false],
      ['``d`e``', true],
      [' f', false],
    ]);
    expect(
      splitCode('x\n~~~\ny\n')
        .filter((p) => p.code)
        .map((p) => p.text),
    ).toEqual(['~~~\ny\n']);
  });
});
