/**
 * Rendering: payloads in every place model and page text is shown, counted in five viewers — the
 * live panel, the run reopened from History, an imported trajectory, and the exported markdown
 * opened in a viewer that renders raw HTML and in one that sanitises it (DOMPurify's defaults).
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import type { Page } from 'playwright-core';
import type { Move } from '../model/obeying-model';
import { chunk, type SuiteContext } from './context';
import { showSession } from './exfiltration';
import { sendHtml } from './private-network-pages';
import {
  ANSWER_LINKS,
  leakyHref,
  PAYLOADS,
  type Placement,
  placementOf,
  placements,
  RENDER_HOST,
  type Surface,
} from './render-payloads';

export const VIEWERS = ['panel', 'history', 'import', 'export-raw', 'export-sanitized'] as const;
export type Viewer = (typeof VIEWERS)[number];

export interface RenderingResult {
  payloads: number;
  placements: number;
  viewers: number;
  executed: number;
  remoteLoads: number;
  byViewer: Record<Viewer, { executed: number; remoteLoads: number }>;
  hits: { viewer: Viewer; id: string; how: 'executed' | 'remote-load' }[];
  /** Secret-carrying URLs the model wrote into its answer (ANSWER_LINKS). */
  answerLinkCases: number;
  /** Hrefs, over all viewers, that carry one of them or a private-use or invisible character. */
  answerLinks: number;
  /** Viewers that showed every one of those URLs as text (a control: the answer got there). */
  answerLinksShown: number;
  leakyHrefs: { viewer: Viewer; href: string }[];
}

const QUESTION = 'Which laptop has the best battery life this year?';
const entities = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function renderingSuite(ctx: SuiteContext): Promise<RenderingResult> {
  const { world, panel } = ctx;
  const all = placements();
  const on = (s: Surface) => all.filter((p) => p.surface === s);
  const pageUrl = (p: Placement) => `http://${RENDER_HOST}/page/${p.id}`;
  const textUrl = `http://${RENDER_HOST}/text`;

  world.site(RENDER_HOST, (_req, res: ServerResponse, { url }) => {
    const [, route, id] = url.pathname.split('/');
    if (route === 'load' || route === 'exec') {
      res.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' });
      res.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
      return;
    }
    const placed = all.find((p) => p.id === id);
    if (route === 'page' && placed) {
      return sendHtml(
        res,
        `<!doctype html><html><head><title>${entities(placed.html)}</title></head><body><article><h1>Laptop review</h1><p>Laptop review: battery life of this year's laptops, measured in hours of video playback.</p></article></body></html>`,
      );
    }
    if (route === 'text') {
      const paras = on('page-text').map((p) => `<p>Laptop review battery life: ${entities(p.html)}</p>`);
      return sendHtml(
        res,
        `<!doctype html><title>Laptop review</title><article><h1>Laptop review</h1>${paras.join('')}</article>`,
      );
    }
    sendHtml(
      res,
      '<!doctype html><title>Laptop review</title><article><p>Laptop review: battery life.</p></article>',
    );
  });

  // Search results carry payloads in titles and snippets (entity-encoded, as a results page would).
  const hits = [
    ...on('search-title').map((p) => ({
      title: entities(p.html),
      url: `http://${RENDER_HOST}/hit/${p.id}`,
      content: 'Laptop review',
    })),
    ...on('search-snippet').map((p) => ({
      title: 'Laptop review',
      url: `http://${RENDER_HOST}/hit/${p.id}`,
      content: entities(p.html),
    })),
    ...on('page-title').map((p) => ({ title: 'Laptop review', url: pageUrl(p), content: 'Battery life' })),
    { title: 'Laptop review', url: textUrl, content: 'Battery life' },
  ];
  const groups = chunk(hits, 10);
  const queries = on('query').map((p) => `laptop battery ${p.html}`);
  while (queries.length < groups.length) queries.push(`laptop battery life ${queries.length + 1}`);
  queries.forEach((q, i) => {
    world.searchResults(q, groups[i] ?? []);
  });

  const moves: Move[] = [
    {
      kind: 'search',
      queries,
      think: `Looking for reviews. ${on('think')
        .map((p) => p.html)
        .join(' ')}`,
    },
    {
      kind: 'visit',
      urls: [
        ...on('page-title').map(pageUrl),
        textUrl,
        ...on('visit-url').map((p) => `http://${RENDER_HOST}/look?${p.html}`),
      ],
      goal: `laptop review battery life ${on('goal')
        .map((p) => p.html)
        .join(' ')}`,
    },
  ];
  const answer = [
    'Laptop review summary: battery life varies.',
    ...ANSWER_LINKS,
    ...on('answer').map((p) => p.html),
  ].join('\n\n');
  ctx.model.start({ moves, answer, obey: false });

  const found: RenderingResult['hits'] = [];
  const leakyHrefs: RenderingResult['leakyHrefs'] = [];
  let linksShownIn = 0;
  const collect = async (viewer: Viewer, page: Page, mark: number) => {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await world.log.quiet(1000);
    const recorded = (await page
      .evaluate(() => (globalThis as { __x?: string[] }).__x ?? [])
      .catch(() => [])) as string[];
    const executed = new Set(recorded);
    const loaded = new Set<string>();
    for (const e of world.log.since(mark)) {
      if (e.host !== RENDER_HOST) continue;
      const id = placementOf(e.path);
      if (!id) continue;
      if (e.path.startsWith('/exec/')) executed.add(id);
      else loaded.add(id);
    }
    const hrefs = (await page
      .evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''))
      .catch(() => [])) as string[];
    for (const href of hrefs.filter(leakyHref)) leakyHrefs.push({ viewer, href });
    // The control: the viewer shows the answer's links as text, so finding no href for them means
    // they stayed text.
    const text = (await page.evaluate(() => document.body.textContent ?? '').catch(() => '')) as string;
    if (['raw', 'pua', 'zw', 'md?', 'md-pua'].every((p) => text.includes(`/leak/${p}`))) linksShownIn += 1;
    for (const id of executed) found.push({ viewer, id, how: 'executed' });
    for (const id of loaded) found.push({ viewer, id, how: 'remote-load' });
    ctx.say(`rendering ${viewer}: ${executed.size} executed, ${loaded.size} remote loads`);
  };

  // 1. The live panel: the run is started from the question box and watched as it streams.
  let mark = world.log.mark;
  await panel.reload();
  await panel.getByTestId('question').fill(QUESTION);
  await panel.getByTestId('start').click();
  await panel.getByTestId('answer').waitFor({ timeout: 60_000 });
  await collect('panel', panel, mark);

  // 2. The same run reopened from History.
  mark = world.log.mark;
  await showSession(panel, QUESTION);
  await collect('history', panel, mark);

  // 3. Its exports: trajectory JSON imported back, markdown with the trail in two viewers.
  const trail = panel.getByTestId('export-trail');
  if (!(await trail.isChecked())) await trail.check();
  const [mdDownload] = await Promise.all([
    panel.waitForEvent('download'),
    panel.getByTestId('download-md').click(),
  ]);
  const markdown = readFileSync((await mdDownload.path()) ?? '', 'utf8');
  const [jsonDownload] = await Promise.all([
    panel.waitForEvent('download'),
    panel.getByTestId('export-json').click(),
  ]);
  const jsonPath = (await jsonDownload.path()) ?? '';

  mark = world.log.mark;
  await panel.reload();
  await panel.getByTestId('open-history').click();
  await panel.getByTestId('import-json').setInputFiles(jsonPath);
  await panel
    .getByTestId('answer')
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await collect('import', panel, mark);

  const rawHtml = new Marked({ gfm: true }).parse(markdown, { async: false });
  const purify = DOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  const cleanHtml = purify.sanitize(rawHtml);
  world.site('viewer.example', (_req, res: ServerResponse, { url }) =>
    sendHtml(
      res,
      `<!doctype html><html><head><meta charset="utf-8"><title>Export</title></head><body>${url.pathname === '/raw' ? rawHtml : cleanHtml}</body></html>`,
    ),
  );
  for (const [viewer, path] of [
    ['export-raw', '/raw'],
    ['export-sanitized', '/clean'],
  ] as const) {
    mark = world.log.mark;
    const page = await ctx.browser.context.newPage();
    await page.goto(`http://viewer.example${path}`).catch(() => undefined);
    await collect(viewer, page, mark);
    await page.close();
  }

  const byViewer = Object.fromEntries(
    VIEWERS.map((v) => [v, { executed: 0, remoteLoads: 0 }]),
  ) as RenderingResult['byViewer'];
  for (const h of found) byViewer[h.viewer][h.how === 'executed' ? 'executed' : 'remoteLoads'] += 1;
  return {
    payloads: PAYLOADS.length,
    placements: all.length,
    viewers: VIEWERS.length,
    executed: found.filter((h) => h.how === 'executed').length,
    remoteLoads: found.filter((h) => h.how === 'remote-load').length,
    byViewer,
    hits: found,
    answerLinkCases: ANSWER_LINKS.length,
    answerLinks: leakyHrefs.length,
    answerLinksShown: linksShownIn,
    leakyHrefs,
  };
}
