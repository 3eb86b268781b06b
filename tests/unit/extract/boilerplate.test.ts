/**
 * What extraction keeps and what it removes, one rule at a time, on small pages built like real ones.
 * The golden set measures the rules together on real pages; these say what each rule is for.
 */
import { describe, expect, it } from 'vitest';
import { extract } from '../../../src/extract/extract';
import { parseHtml } from './fixture-pages';

const URL = 'https://news.example/2024/05/tides';
const P1 =
  'Tidal energy converts the rise and fall of the sea into electricity, and engineers have argued for decades about how best to catch it.';
const P2 =
  'Barrages hold water back behind a dam and release it through turbines, while stream turbines stand in fast channels like windmills under water.';
const P3 =
  'Both designs are predictable months ahead, unlike wind or sunshine, which is why grid operators have started to take them seriously again.';
const P4 =
  'The largest plant in operation today produces about as much power as a small gas turbine, but its output never surprises anyone.';

function readPage(article: string, head = '', options = {}) {
  const html = `<!doctype html><html lang="en"><head><title>Tidal power is back</title>
    <meta name="description" content="Why grid operators are looking at the sea again.">${head}</head>
    <body><header class="site-header"><a href="/">News Example</a></header>
    <main><article>${article}</article></main>
    <footer>© News Example</footer></body></html>`;
  return extract(parseHtml(html, URL), URL, { timeBudgetMs: Number.POSITIVE_INFINITY, ...options });
}

const read = (article: string) => readPage(article).markdown;

const story = `<p>${P1}</p><p>${P2}</p><p>${P3}</p><p>${P4}</p>`;

function expectStory(markdown: string): void {
  for (const p of [P1, P2, P3, P4]) expect(markdown).toContain(p.slice(0, 60));
}

describe('furniture named by the markup', () => {
  it('removes comments, share, newsletter, related, ad and tag blocks, keeping the story', () => {
    const md = read(`${story}
      <div class="share-bar"><a href="https://x.example/share">Share on X</a> Email this story</div>
      <div class="newsletter-signup"><p>Get our morning briefing in your inbox every day.</p></div>
      <div class="ad-slot">Advertisement: buy a boat today</div>
      <ul class="post-tags"><li><a href="/t/energy">Energy</a></li><li><a href="/t/sea">Sea</a></li></ul>
      <section class="related-stories"><h2>Related</h2><ul><li><a href="/a">Wind farms stall</a></li></ul></section>
      <section id="comments"><h3>3 comments</h3><p>First! Great article, I love tidal power so much, thanks for writing it.</p></section>`);
    expectStory(md);
    for (const gone of [
      'Share on X',
      'morning briefing',
      'buy a boat',
      'Energy',
      'Wind farms stall',
      'First!',
    ]) {
      expect(md).not.toContain(gone);
    }
  });

  it('keeps a story wrapped in a container named for its share buttons', () => {
    const md = read(`<div id="gigya-share-btns-2_gig_containerParent" class="text-wrapper">${story}</div>`);
    expectStory(md);
  });

  it('keeps a section whose id is made of heading words that look like furniture', () => {
    const md =
      read(`<div class="section" id="sharing-with-a-single-developer"><h2>Sharing with a single developer</h2>
      <p>${P2}</p></div><div class="section" id="example-1-amend-a-shared-changeset"><p>${P3}</p></div><p>${P1}</p>`);
    expect(md).toContain(P3.slice(0, 60));
    expect(md).toContain('Sharing with a single developer');
  });

  it('drops screen-reader-only labels a sighted reader never sees', () => {
    const md =
      read(`<p>${P1}</p><p><a class="visually-hidden skip-to-text-link" href="#x">Continue reading the main story</a></p>
      <p>${P2}</p><p>${P3}</p>`);
    expect(md).not.toContain('Continue reading');
    expect(md).toContain(P3.slice(0, 60));
  });

  it('keeps tables, lists, quotes and code', () => {
    const md =
      read(`${story}<table><tr><th>Plant</th><th>MW</th></tr><tr><td>La Rance</td><td>240</td></tr></table>
      <ul><li>Barrages need an estuary.</li><li>Stream turbines need a fast channel.</li></ul>
      <blockquote><p>The sea keeps its appointments, said the engineer.</p></blockquote>
      <pre><code>power = 0.5 * rho * area * speed ** 3</code></pre><p>${P1} Again.</p>`);
    for (const kept of [
      '| La Rance | 240 |',
      'Barrages need an estuary.',
      'The sea keeps its appointments',
      'power = 0.5',
    ]) {
      expect(md).toContain(kept);
    }
  });
});

describe('captions and credits', () => {
  it('removes figure captions, credit lines and italic text under an image', () => {
    const md = read(`<p>${P1}</p>
      <figure><img src="/a.jpg" alt=""><figcaption>The barrage at La Rance. Photo: Jane Doe/AFP</figcaption></figure>
      <p>${P2}</p><p><img src="/b.png" width="600"><br><i>Turbines waiting to be lowered into the channel.</i></p>
      <p>${P3}</p><p>JIM WATSON/AFP/Getty Images</p><p>${P4}</p>`);
    expectStory(md);
    for (const gone of ['La Rance', 'Jane Doe', 'waiting to be lowered', 'Getty'])
      expect(md).not.toContain(gone);
  });

  it('removes Chinese caption and editor lines', () => {
    const body = '潮汐能把海水的涨落变成电能，工程师们为如何最好地利用它争论了几十年。'.repeat(4);
    const md = read(
      `<p>${body}</p><p>图为法国朗斯潮汐电站的大坝。</p><p>${body}</p><p>[责任编辑：王小明]</p>`,
    );
    expect(md).toContain(body);
    expect(md).not.toContain('图为');
    expect(md).not.toContain('责任编辑');
  });
});

describe('above the first paragraph', () => {
  it('moves the byline and date out of the text into the page metadata, and drops headline and standfirst', () => {
    const page =
      readPage(`<h1>Tidal power is back</h1><p class="standfirst">Why grid operators are looking at the sea again.</p>
      <p>By Jane Doe</p><p>May 3, 2024 10:42 am</p>${story}`);
    expectStory(page.markdown);
    for (const gone of ['Tidal power is back', 'grid operators are looking', 'Jane Doe', '2024']) {
      expect(page.markdown).not.toContain(gone);
    }
    expect(page.byline).toContain('Jane Doe');
    expect(page.publishedTime).toBe('May 3, 2024 10:42 am');
  });

  it('keeps a bold lead paragraph that opens the story', () => {
    const lead = 'The sea is back on the agenda, and this time the engineers say it will stay there.';
    const md = read(`<p><strong>${lead}</strong></p>${story}`);
    expect(md).toContain(lead);
  });
});

describe('after the last paragraph', () => {
  it('cuts the end matter from its heading on', () => {
    const md = read(`${story}<h2>References</h2><ol><li>Smith, J. (2020). Tides. Ocean Press.</li></ol>
      <h2>See also</h2><ul><li><a href="/wave">Wave power</a></li></ul>`);
    expectStory(md);
    for (const gone of ['References', 'Ocean Press', 'Wave power']) expect(md).not.toContain(gone);
  });

  it('keeps a section that only sounds like end matter when most of the story follows it', () => {
    const md = read(`<p>${P1}</p><h2>Sources</h2><p>${P2}</p><p>${P3}</p><p>${P4}</p><p>${P1} Again.</p>`);
    expectStory(md);
  });

  it('removes author bios, follow prompts and trailing link lists', () => {
    const md = read(`${story}<p><i>Jane Doe is a science reporter covering energy and the sea.</i></p>
      <p>Follow her on Twitter at @janedoe or email her at jane@news.example</p>
      <p>More energy news:</p><ul><li><a href="/a">Wind farms stall in the north</a></li><li><a href="/b">Solar prices fall again</a></li></ul>`);
    expectStory(md);
    for (const gone of ['science reporter', 'Follow her', 'More energy news', 'Wind farms', 'Solar prices']) {
      expect(md).not.toContain(gone);
    }
  });

  it('removes a line that only links elsewhere, inside the story too', () => {
    const md = read(
      `<p>${P1}</p><p><a href="/interview">Read the full interview with the engineer</a></p><p>${P2}</p><p>${P3}</p>`,
    );
    expect(md).not.toContain('Read the full interview');
    expect(md).toContain(P3.slice(0, 60));
  });
});
