import { describe, expect, it } from 'vitest';
import { capMarkdown } from '../../../src/extract/cap';
import { extract } from '../../../src/extract/extract';
import { parseHtml } from './fixture-pages';

const LONG =
  'Glaciers store about seventy percent of the fresh water on Earth and respond slowly to warming. ';

function article(body: string, head = ''): string {
  return `<html lang="en"><head><title>Ice</title>${head}</head><body><article><h1>Ice</h1>
    <p>${LONG.repeat(4)}</p>${body}<p>${LONG.repeat(4)}</p></article></body></html>`;
}

describe('markdown conversion', () => {
  it('writes headings, absolute links, fenced code, and drops images', () => {
    const html = article(`<h2>Mass balance</h2><p>See <a href="/data?x=1">the data</a> and
      <a href="#top">top</a>.</p><img src="https://cdn.example/big.png" alt="chart">
      <pre><code>melt = sum(days)</code></pre>`);
    const result = extract(parseHtml(html, 'https://ice.example/a/b'), 'https://ice.example/a/b');
    expect(result.markdown).toContain('## Mass balance');
    expect(result.markdown).toContain('[the data](https://ice.example/data?x=1)');
    expect(result.markdown).toContain('```\nmelt = sum(days)\n```');
    expect(result.markdown).not.toContain('cdn.example');
    expect(result.markdown).not.toContain('](#top)');
    expect(result.links).toEqual([{ url: 'https://ice.example/data?x=1', text: 'the data' }]);
  });

  it('writes small data tables as pipe tables', () => {
    const html = article(
      '<table><tr><th>Glacier</th><th>Area</th></tr><tr><td>Aletsch</td><td>81 km²</td></tr></table>',
    );
    const result = extract(parseHtml(html, 'https://ice.example/'), 'https://ice.example/');
    expect(result.markdown).toContain('| Glacier | Area |\n| --- | --- |\n| Aletsch | 81 km² |');
  });

  it('falls back to og:title, JSON-LD date and site name from the head', () => {
    const head = `<meta property="og:site_name" content="Ice Weekly">
      <script type="application/ld+json">{"@graph":[{"@type":"NewsArticle","datePublished":"2024-03-01T10:00:00Z"}]}</script>`;
    const result = extract(parseHtml(article('', head), 'https://ice.example/'), 'https://ice.example/');
    expect(result.publishedTime).toBe('2024-03-01T10:00:00Z');
    expect(result.siteName).toBe('Ice Weekly');
    expect(result.lang).toBe('en');
    expect(result.title).toBe('Ice');
  });

  it('reads non-article pages as their visible text with links', () => {
    const html = `<html><head><title>Index</title></head><body><nav><a href="/home">Home</a></nav>
      <ul><li><a href="https://a.example/one">Paper one</a></li><li><a href="/two">Paper two</a></li></ul></body></html>`;
    const result = extract(parseHtml(html, 'https://idx.example/'), 'https://idx.example/');
    expect(result.title).toBe('Index');
    expect(result.markdown).toContain('[Paper one](https://a.example/one)');
    expect(result.markdown).not.toContain('Home');
    expect(result.links.map((l) => l.url)).toEqual(['https://a.example/one', 'https://idx.example/two']);
  });

  it('caps long output on a paragraph boundary with a note', () => {
    const paragraphs = Array.from({ length: 50 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`.trim());
    const capped = capMarkdown(paragraphs.join('\n\n'), 2000);
    expect(capped.length).toBeLessThanOrEqual(2000);
    expect(capped).toMatch(/word\n\n\[Content truncated: showing about 2000 of \d+ characters\.\]$/);
    const result = extract(parseHtml(article(`<p>${LONG.repeat(200)}</p>`)), 'https://ice.example/', {
      maxChars: 5000,
    });
    expect(result.markdown.length).toBeLessThanOrEqual(5000);
    expect(result.markdown).toContain('[Content truncated');
  });
});
