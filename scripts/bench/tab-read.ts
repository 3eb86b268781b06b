/**
 * Reading a page through a real tab vs fetching it, in one headless Chromium with the e2e build:
 * - per page, `router.readTab` (an agent tab, loopback allowed) against fetch + DOMParser + the built
 *   extractor (dist/content/extract-page.js, the same bundle the tab runs) in the side panel page;
 *   DOMParser documents have no window, so the fetch path skips computed-style checks (the panel's
 *   CSP is lifted for the bench: the product fetches from the offscreen document, whose CSP allows it);
 * - the same pages read the way agent tabs were read before issue 13 ("before": a new tab per read,
 *   opened from the side panel, read at `load` with the same bundle, closed after; it loads images
 *   and fonts), so before and after are measured in the same run and browser;
 * - a page whose image and async script take SLOW_MS to arrive, read both ways: the agent tab must
 *   not wait for them;
 * - three pages read at once vs one after another (wall time);
 * - the same pages read through a tab again, each read on another site than the one before
 *   (hostnames s0.test … s4.test mapped to 127.0.0.1): the pages above are all on 127.0.0.1, so
 *   successive reads reuse the agent tab's renderer process, which a run across different sites
 *   (the usual case on the web) cannot do; both figures are reported.
 * Timings are taken inside the extension page with performance.now(); the ratios are what matter.
 */
import { startFixtureServer } from '../../tests/e2e/helpers/fixture-server';
import { launchBench } from './lib/browser';
import { fixturePages, spread } from './lib/fixture-pages';
import { rendererCounter } from './lib/renderer-processes';
import { median, progress, round } from './lib/stats';
import { installPhaseLog, type Phases, phaseMedians, takePhases } from './lib/tab-phases';
import { readAtLoad } from './lib/tab-read-before';
import {
  allowCrossSiteHosts,
  CROSS_SITE_POLICY,
  fetchAndParse,
  installExtractor,
  RESOLVER_RULES,
  readTab,
  TIMEOUT_MS,
} from './lib/tab-read-calls';
import { bareNavigation } from './lib/tab-read-floor';

/** bench.ts builds the e2e extension before running modules that set this. */
export const needsDist = true;

const PAGES = 10;
const ROUNDS = 3;
const PARALLEL_ROUNDS = 3;
const CROSS_SITES = 5;
/** How long the slow page's image and script take to arrive. */
const SLOW_MS = 3000;

export async function run(): Promise<Record<string, unknown>> {
  const set = fixturePages();
  if (!set)
    return { skipped: 'no fixture pages: neither ../shared/fixtures/pages nor tests/fixtures/pages exists' };
  const names = spread(set.names, PAGES);
  const server = await startFixtureServer();
  server.route((_req, res, url) => {
    if (url.pathname === '/slow-assets') {
      // A short article whose image and async script arrive SLOW_MS late (cache-busted per read).
      const n = url.searchParams.get('n') ?? '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Slow assets</title><script async src="/late/app.js?${n}"></script></head>
        <body><article><h1>Slow assets</h1><img src="/late/photo.jpg?${n}" width="600" height="400">
        <p>${'A paragraph of the article that a reader needs. '.repeat(40)}</p></article></body></html>`);
      return true;
    }
    if (url.pathname.startsWith('/late/')) {
      setTimeout(() => {
        res.writeHead(200, {
          'content-type': url.pathname.endsWith('.js') ? 'text/javascript' : 'image/jpeg',
        });
        res.end('');
      }, SLOW_MS);
      return true;
    }
    return false;
  });
  // Off-host subresources (ads, CDNs) fail at once instead of stalling on DNS in an offline sandbox,
  // as they would fail fast (or load) on a connected machine. Chromium's resolver does it: a
  // Playwright route would stop every request, the pages' own included, for a round trip to Node.
  allowCrossSiteHosts();
  const b = await launchBench([RESOLVER_RULES]);
  try {
    await installPhaseLog(await b.serviceWorker());
    const panel = await b.openPage('extension/sidepanel/index.html');
    // The panel's own CSP (connect-src 'self') forbids it any network; the fetch path really runs
    // in the offscreen document, which Playwright cannot drive. Lifting the CSP on this one page
    // lets the panel stand in for it: both are cross-origin isolated extension pages.
    const cdp = await b.context.newCDPSession(panel);
    await cdp.send('Page.setBypassCSP', { enabled: true });
    await panel.reload();
    await installExtractor(panel);
    progress('tab-read: warming up');
    const urlOf = (name: string) => `${server.origin}/pages/${encodeURIComponent(name)}/`;
    // Warm both paths once (tab group creation, JIT, connection) so page one is not an outlier.
    await readTab(panel, urlOf(names[0] ?? ''));
    await fetchAndParse(panel, urlOf(names[0] ?? ''));

    await readAtLoad(panel, urlOf(names[0] ?? ''), TIMEOUT_MS);
    const sw = await b.serviceWorker();
    await takePhases(sw);
    const phases: Phases[] = [];
    const perPage: {
      page: string;
      tabMs: number;
      beforeMs: number;
      fetchMs: number;
      floorMs: number;
      tabChars: number;
      fetchChars: number;
    }[] = [];
    const failures: string[] = [];
    for (const name of names) {
      progress(`tab-read: ${name}`);
      const tab: number[] = [];
      const before: number[] = [];
      const fetched: number[] = [];
      const floor: number[] = [];
      let tabChars = 0;
      let fetchChars = 0;
      // Interleaved so drift (GC, thermal, other load) hits both paths alike.
      for (let i = 0; i < ROUNDS; i++) {
        const t = await readTab(panel, urlOf(name));
        phases.push(...(await takePhases(sw)));
        if (t.ok) {
          tab.push(t.ms);
          tabChars = t.chars;
        } else failures.push(`${name}: ${Math.round(t.ms)} ms, ${t.reason ?? 'failed'}`);
        const f = await fetchAndParse(panel, urlOf(name));
        fetched.push(f.ms);
        fetchChars = f.chars;
        const old = await readAtLoad(panel, urlOf(name), TIMEOUT_MS);
        if (old.ok) before.push(old.ms);
        else failures.push(`${name} (before): ${Math.round(old.ms)} ms, ${old.reason ?? 'failed'}`);
        const bare = await bareNavigation(panel, urlOf(name), TIMEOUT_MS);
        if (bare.ok) floor.push(bare.ms);
      }
      perPage.push({
        page: name,
        tabMs: median(tab),
        beforeMs: median(before),
        fetchMs: median(fetched),
        floorMs: median(floor),
        tabChars,
        fetchChars,
      });
    }

    progress('tab-read: a page with a slow image and script');
    const slowNow: number[] = [];
    const slowBefore: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const now = await readTab(panel, `${server.origin}/slow-assets?n=now${i}`);
      if (now.ok) slowNow.push(now.ms);
      else failures.push(`slow page: ${now.reason ?? 'failed'}`);
      const old = await readAtLoad(panel, `${server.origin}/slow-assets?n=before${i}`, TIMEOUT_MS);
      if (old.ok) slowBefore.push(old.ms);
    }

    progress('tab-read: three pages, parallel vs sequential');
    const trio = names.slice(0, 3).map(urlOf);
    const sequential: number[] = [];
    const parallel: number[] = [];
    for (let i = 0; i < PARALLEL_ROUNDS; i++) {
      let t0 = performance.now();
      for (const url of trio) if (!(await readTab(panel, url)).ok) failures.push(`sequential: ${url}`);
      sequential.push(performance.now() - t0);
      t0 = performance.now();
      const all = await Promise.all(trio.map((url) => readTab(panel, url)));
      for (const r of all)
        if (!r.ok) failures.push(`parallel: ${Math.round(r.ms)} ms, ${r.reason ?? 'failed'}`);
      parallel.push(performance.now() - t0);
    }

    // Renderer processes started by agent-tab reads alone (the "before" reads above open tabs):
    // ten same-site reads in a row, then the cross-site reads below.
    progress('tab-read: renderer processes per read');
    let counter = rendererCounter(b.userDataDir);
    for (const name of names) {
      await readTab(panel, urlOf(name));
      counter.look();
    }
    const sameSiteRenderers = counter.started();

    progress('tab-read: each read on another site');
    counter = rendererCounter(b.userDataDir);
    const port = new URL(server.origin).port;
    let site = 0;
    const crossSite: { tabMs: number; fetchMs: number; floorMs: number }[] = [];
    for (const name of names) {
      const tab: number[] = [];
      const fetched: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const url = `http://s${site++ % CROSS_SITES}.test:${port}/pages/${encodeURIComponent(name)}/`;
        const t = await readTab(panel, url, CROSS_SITE_POLICY);
        counter.look();
        if (t.ok) tab.push(t.ms);
        else failures.push(`${name} (cross-site): ${Math.round(t.ms)} ms, ${t.reason ?? 'failed'}`);
        fetched.push((await fetchAndParse(panel, urlOf(name))).ms);
        const other = `http://s${site++ % CROSS_SITES}.test:${port}/pages/${encodeURIComponent(name)}/`;
        const bare = await bareNavigation(panel, other, TIMEOUT_MS);
        if (bare.ok) floor.push(bare.ms);
      }
      crossSite.push({ tabMs: median(tab), fetchMs: median(fetched), floorMs: median(floor) });
    }
    const crossSiteRenderers = counter.started();
    const perRead = (n: number | null, reads: number) => (n === null ? null : round(n / reads));
    const crossMeasured = crossSite.filter((p) => Number.isFinite(p.tabMs));
    const crossTabMedian = median(crossMeasured.map((p) => p.tabMs));
    const crossFetchMedian = median(crossMeasured.map((p) => p.fetchMs));
    const crossFloorMedian = median(crossMeasured.map((p) => p.floorMs));

    // Pages whose every tab read failed have no tab figure; they are left out of both medians.
    const measured = perPage.filter((p) => Number.isFinite(p.tabMs));
    const tabMedian = median(measured.map((p) => p.tabMs));
    const beforeMedian = median(measured.map((p) => p.beforeMs));
    const fetchMedian = median(measured.map((p) => p.fetchMs));
    const floorMedian = median(measured.map((p) => p.floorMs));
    return {
      fixtureDir: set.dir,
      pages: perPage.length,
      roundsPerPage: ROUNDS,
      offHostRequests: 'fail at once (host resolver rules; no network here)',
      tabTimeoutMs: TIMEOUT_MS,
      fetchPath:
        'fetch + DOMParser + dist/content/extract-page.js in the side panel page (no computed styles)',
      tabReadMedianMs: round(tabMedian, 1),
      fetchParseMedianMs: round(fetchMedian, 1),
      tabOverFetchRatio: round(tabMedian / fetchMedian),
      tabOverFetchPerPageMedianRatio: round(median(measured.map((p) => p.tabMs / p.fetchMs))),
      // The browser's floor: a plain tab to DOMContentLoaded plus innerText (target: tab ≤ 1.2 × it).
      bareNavigationMedianMs: round(floorMedian, 1),
      tabOverBareNavigationRatio: round(tabMedian / floorMedian),
      crossSiteBareNavigationMedianMs: round(crossFloorMedian, 1),
      crossSiteTabOverBareNavigationRatio: round(crossTabMedian / crossFloorMedian),
      tabReadPhasesMedianMs: phaseMedians(phases),
      crossSiteTabReadMedianMs: round(crossTabMedian, 1),
      crossSiteFetchParseMedianMs: round(crossFetchMedian, 1),
      crossSiteTabOverFetchRatio: round(crossTabMedian / crossFetchMedian),
      rendererProcessesStartedPerRead: {
        sameSite: perRead(sameSiteRenderers, names.length),
        crossSite: perRead(crossSiteRenderers, names.length * ROUNDS),
      },
      beforeTabReadMedianMs: round(beforeMedian, 1),
      beforeOverFetchRatio: round(beforeMedian / fetchMedian),
      tabOverBeforeRatio: round(tabMedian / beforeMedian),
      slowAssetsMs: SLOW_MS,
      slowPageTabReadMedianMs: round(median(slowNow), 1),
      slowPageBeforeMedianMs: round(median(slowBefore), 1),
      perPage: perPage.map((p) => ({
        page: p.page,
        tabMs: round(p.tabMs, 1),
        beforeMs: round(p.beforeMs, 1),
        fetchMs: round(p.fetchMs, 1),
        floorMs: round(p.floorMs, 1),
        tabChars: p.tabChars,
        fetchChars: p.fetchChars,
      })),
      threePagesSequentialMedianMs: round(median(sequential), 1),
      threePagesParallelMedianMs: round(median(parallel), 1),
      parallelOverSequentialRatio: round(median(parallel) / median(sequential)),
      tabReadFailures: failures.length,
      failures,
    };
  } finally {
    await b.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
