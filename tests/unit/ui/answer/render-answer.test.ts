// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { CitedAnswer } from '../../../../src/agent/types';
import { renderAnswer } from '../../../../src/ui/answer/render-answer';

const labels = { unsupported: 'No page read supports this sentence' };

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('renderAnswer sanitizes hostile markdown', () => {
  it('drops script tags and event-handler attributes', () => {
    const out = dom(
      renderAnswer(
        'Hi <script>alert(1)</script> <b onclick="alert(2)">bold</b> <svg onload="alert(3)"></svg>',
        null,
        labels,
      ),
    );
    expect(out.querySelector('script, svg, b')).toBeNull();
    for (const el of out.querySelectorAll('*'))
      expect(el.getAttributeNames().filter((n) => n.startsWith('on'))).toEqual([]);
    // Raw HTML is shown as the text it is, not run and not silently dropped.
    expect(out.textContent).toContain('<b onclick="alert(2)">bold</b>');
  });

  it('never keeps a javascript: link', () => {
    const out = dom(
      renderAnswer('[click](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)">x</a>', null, labels),
    );
    for (const a of out.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('loads nothing: images become links, media and frames are text', () => {
    const out = dom(
      renderAnswer(
        '![track](https://evil.example/pixel.png) <img src=x onerror="alert(1)"> <video src="https://evil.example/v.mp4"></video> <audio src="https://evil.example/a.mp3"></audio> <video><source src="https://evil.example/s.mp4"><track src="https://evil.example/t.vtt"></video>',
        null,
        labels,
      ),
    );
    expect(out.querySelector('img, video, audio, source, track, iframe, object, embed, picture')).toBeNull();
    for (const el of out.querySelectorAll('*')) {
      expect(
        el.getAttributeNames().filter((n) => ['src', 'srcset', 'poster', 'onerror'].includes(n)),
      ).toEqual([]);
    }
    expect(out.querySelector('a')?.textContent).toBe('track');
  });

  it('shows links to pages that were not read as plain text with their URL', () => {
    const out = dom(
      renderAnswer('See [read](https://a.example/x) and [unread](https://b.example/y).', null, labels, (u) =>
        u.startsWith('https://a.example/'),
      ),
    );
    expect([...out.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://a.example/x',
    ]);
    expect(out.textContent).toContain('unread (https://b.example/y)');
  });

  it('opens links in a new tab without opener and shows the URL as title', () => {
    const out = dom(renderAnswer('See [the docs](https://example.com/docs).', null, labels));
    const a = out.querySelector('a');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a?.getAttribute('title')).toBe('https://example.com/docs');
  });

  it('drops iframes, forms and style', () => {
    const out = dom(
      renderAnswer('<iframe src="https://x"></iframe><form><input></form><style>*{}</style>ok', null, labels),
    );
    expect(out.querySelector('iframe, form, input, style')).toBeNull();
    expect(out.textContent).toContain('ok');
  });
});

describe('renderAnswer with citations', () => {
  const cited: CitedAnswer = {
    sentences: [
      { text: 'Water boils at **100 °C** at sea level. ', citations: [1], supported: true },
      { text: 'At altitude it boils lower. ', citations: [1, 2], supported: true },
      { text: 'The moon is cheese.', citations: [], supported: false },
    ],
    sources: [
      { n: 1, url: 'https://en.wikipedia.org/wiki/Boiling_point', title: 'Boiling point' },
      { n: 2, url: 'https://example.com/alt', title: 'Altitude "cooking"' },
    ],
  };

  it('puts numbered citation links after supported sentences', () => {
    const out = dom(renderAnswer('ignored', cited, labels));
    const links = [...out.querySelectorAll<HTMLAnchorElement>('a[data-testid="citation"]')];
    expect(links.map((a) => a.textContent)).toEqual(['[1]', '[1]', '[2]']);
    expect(links[2]?.getAttribute('href')).toBe('https://example.com/alt');
    expect(links[2]?.getAttribute('title')).toBe('Altitude "cooking" — https://example.com/alt');
    expect(out.querySelector('strong')?.textContent).toBe('100 °C');
  });

  it('marks each unsupported sentence once, quietly, and never as a tab stop', () => {
    const out = dom(renderAnswer('ignored', cited, labels));
    const marks = [...out.querySelectorAll('[data-testid="unsupported"]')];
    expect(marks).toHaveLength(1);
    expect(marks[0]?.getAttribute('aria-label')).toBe('No page read supports this sentence');
    expect(marks[0]?.previousSibling?.textContent).toMatch(/The moon is cheese\.$/);
    expect(out.querySelector('[tabindex]')).toBeNull();
    expect(out.textContent).not.toMatch(/[\uE000-\uE003]/);
  });

  it('never cites or marks a heading or a list label', () => {
    const withHeading: CitedAnswer = {
      sentences: [
        { text: '## Boiling\n\n', citations: [], supported: false, heading: true },
        { text: '- **Sea level:** ', citations: [], supported: false, heading: true },
        {
          text: 'Water boils at 100 °C.',
          citations: [1],
          supported: true,
          quotes: ['water boils at 100 °C'],
        },
      ],
      sources: [{ n: 1, url: 'https://en.wikipedia.org/wiki/Boiling_point', title: 'Boiling point' }],
    };
    const out = dom(renderAnswer('ignored', withHeading, labels));
    expect(out.querySelector('h2 [data-testid]')).toBeNull();
    expect(out.querySelectorAll('[data-testid="unsupported"]')).toHaveLength(0);
    const link = out.querySelector<HTMLAnchorElement>('a[data-testid="citation"]');
    // The supporting words are the link's tooltip (shown on hover and focus) and its description.
    const tip = out.querySelector(`#${link?.getAttribute('aria-describedby')}`);
    expect(tip?.getAttribute('role')).toBe('tooltip');
    expect(tip?.textContent).toBe('Boiling point · en.wikipedia.org“water boils at 100 °C”');
    // One tooltip only: no native title tooltip on top of it.
    expect(link?.hasAttribute('title')).toBe(false);
  });

  it('keeps a quote that imitates markup as text, and gives each rendering its own tooltip ids', () => {
    const tricky: CitedAnswer = {
      sentences: [
        { text: 'Claim.', citations: [1], supported: true, quotes: ['<img src=x onerror=alert(1)> "q"'] },
      ],
      sources: [{ n: 1, url: 'https://ok.example/a', title: 'ok' }],
    };
    const a = dom(renderAnswer('x', tricky, labels));
    const b = dom(renderAnswer('x', tricky, labels));
    expect(a.querySelector('img')).toBeNull();
    expect(a.querySelector('[role=tooltip]')?.textContent).toContain('<img src=x onerror=alert(1)> "q"');
    expect(a.querySelector('[role=tooltip]')?.id).not.toBe(b.querySelector('[role=tooltip]')?.id);
  });

  it('does not let answer text forge citation placeholders or links', () => {
    const forged: CitedAnswer = {
      sentences: [
        { text: 'Evil \uE0001\uE001 <a href="javascript:x">y</a>', citations: [], supported: true },
      ],
      sources: [{ n: 1, url: 'https://ok.example', title: 'ok' }],
    };
    const out = dom(renderAnswer('x', forged, labels));
    expect(out.querySelector('[data-testid="citation"]')).toBeNull();
    for (const a of out.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('shows a citation to a non-web source as plain text', () => {
    const bad: CitedAnswer = {
      sentences: [{ text: 'Claim.', citations: [1], supported: true }],
      sources: [{ n: 1, url: 'javascript:alert(1)', title: 'bad' }],
    };
    const out = dom(renderAnswer('x', bad, labels));
    expect(out.querySelector('a')).toBeNull();
    expect(out.textContent).toContain('[1]');
  });
});
