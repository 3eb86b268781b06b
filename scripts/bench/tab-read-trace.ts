/**
 * Where an agent-tab read spends its time, from one Chromium trace (browser-wide CDP Tracing) of the
 * tab-read bench's setting: the same pages, the same side panel caller, same-site and cross-site
 * reads, and fetch + parse of each page for comparison. Per read (medians):
 * - wall time between the marks the agent tab's renderer records (navigation start, response end,
 *   commit, DOMContentLoaded, the extractor's arrival) and the reply reaching the panel;
 * - CPU (thread time) of the agent tab renderer's main thread, by kind of work and part of the read:
 *   setting up the new document (tasks before the commit), loading it (parsing, the page's scripts,
 *   style, layout, paint), the extractor's tasks, and what runs after them before the reply;
 * - CPU of the browser's UI thread and of the service worker thread in the same window;
 * - for fetch + parse: the panel renderer's main-thread CPU and the browser UI thread's.
 * Tracing itself slows every process, so the figures are larger than the untraced bench's; the
 * proportions are what this is for. Also reports the agent renderer's nice value (Linux): Chromium
 * lowers the priority of renderers that show nothing visible.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { startFixtureServer } from '../../tests/e2e/helpers/fixture-server';
import { launchBench } from './lib/browser';
import { fixturePages, spread } from './lib/fixture-pages';
import { median, progress, round } from './lib/stats';
import {
  allowCrossSiteHosts,
  CROSS_SITE_POLICY,
  fetchAndParse,
  installExtractor,
  RESOLVER_RULES,
  readTab,
} from './lib/tab-read-calls';
import { startTrace, type TraceEvent } from './lib/trace';
import { addKinds, type TaskCpu, taskCpu, threadsNamed, type WorkKind } from './lib/trace-cpu';

export const needsDist = true;
/** A diagnostic, not a figure to track: about 2 minutes, so only `npm run bench -- tab-read-trace`. */
export const onlyWhenNamed = true;

const PAGES = 10;
const ROUNDS = 2;
const CROSS_SITES = 5;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  '__metadata',
  'v8.execute',
  'blink.user_timing',
];

interface Window {
  tag: string;
  from: number;
  to: number;
}

/** The panel's console.timeStamp marks, paired into windows: `<kind>-start <tag>` … next mark. */
function windows(events: readonly TraceEvent[], kind: string): Window[] {
  const marks = events
    .filter((e) => e.name === 'TimeStamp')
    .map((e) => ({ ts: e.ts, msg: String((e.args?.data as { message?: unknown })?.message ?? '') }))
    .sort((a, b) => a.ts - b.ts);
  const out: Window[] = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    const m = marks[i] as { ts: number; msg: string };
    const next = marks[i + 1] as { ts: number; msg: string };
    if (m.msg.startsWith(`${kind}-start `))
      out.push({ tag: m.msg.slice(kind.length + 7), from: m.ts, to: next.ts });
  }
  return out;
}

const dataOf = (e: TraceEvent) => (e.args?.data ?? {}) as Record<string, unknown>;
const isExtensionUrl = (u: string) => u === '' || u.startsWith('chrome-extension://');
const cpuOf = (tasks: readonly TaskCpu[]) => tasks.reduce((s, t) => s + t.cpuMs, 0);

function byThread(events: readonly TraceEvent[]): Map<string, TraceEvent[]> {
  const map = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    const list = map.get(key) ?? [];
    list.push(e);
    map.set(key, list);
  }
  return map;
}

type Figures = Record<string, number>;

function readFigures(
  events: readonly TraceEvent[],
  threads: Map<string, TraceEvent[]>,
  w: Window,
): Figures | null {
  const within = (e: TraceEvent) => e.ts >= w.from && e.ts <= w.to;
  const commit = events.find(
    (e) => e.name === 'CommitLoad' && within(e) && String(dataOf(e).url ?? '').startsWith('http'),
  );
  if (!commit) return null;
  const pid = commit.pid;
  const main = threadsNamed(events, 'CrRendererMain').find((t) => t.pid === pid);
  if (!main) return null;
  const mine = events.filter((e) => e.pid === pid && within(e));
  const navStart =
    mine.find(
      (e) => e.name === 'navigationStart' && String(dataOf(e).documentLoaderURL ?? '').startsWith('http'),
    )?.ts ?? w.from;
  const responseEnd =
    mine.filter((e) => e.name === 'responseEnd' && e.ts <= commit.ts).pop()?.ts ?? commit.ts;
  const parsed = mine.find((e) => e.name === 'MarkDOMContent' && e.ts >= commit.ts)?.ts ?? commit.ts;
  const tasks = taskCpu(threads.get(`${pid}:${main.tid}`) ?? [], w.from, w.to);
  const extractor = tasks.filter(
    (t) => t.start >= parsed && t.scriptUrls.length > 0 && t.scriptUrls.every(isExtensionUrl),
  );
  const injected = extractor.find((t) => t.scriptUrls.some((u) => u.endsWith('/extract-page.js')))?.start;
  const extractorEnd = Math.max(parsed, ...extractor.map((t) => t.end));
  const setup = tasks.filter((t) => t.start < commit.ts);
  const load = tasks.filter((t) => t.start >= commit.ts && t.start < extractorEnd && !extractor.includes(t));
  const after = tasks.filter((t) => t.start >= extractorEnd);
  const loadKinds = addKinds(load.map((t) => t.byKind));
  const extractorKinds = addKinds(extractor.map((t) => t.byKind));
  const browser = threadsNamed(events, 'CrBrowserMain')[0];
  const worker = threadsNamed(events, 'ServiceWorker')[0];
  const threadCpu = (t: { pid: number; tid: number } | undefined) =>
    t ? cpuOf(taskCpu(threads.get(`${t.pid}:${t.tid}`) ?? [], w.from, w.to)) : Number.NaN;
  const ms = (a: number, b: number) => (b - a) / 1000;
  const figures: Figures = {
    wallMs: ms(w.from, w.to),
    'wall: message → navigation start': ms(w.from, navStart),
    'wall: navigation start → response end': ms(navStart, responseEnd),
    'wall: response end → commit': ms(responseEnd, commit.ts),
    'wall: commit → DOMContentLoaded': ms(commit.ts, parsed),
    'wall: DOMContentLoaded → extractor in': ms(parsed, injected ?? parsed),
    'wall: extractor in → reply in the panel': ms(injected ?? parsed, w.to),
    'renderer cpu: all': cpuOf(tasks),
    'renderer cpu: new document set-up (before commit)': cpuOf(setup),
    'renderer cpu: extractor tasks': cpuOf(extractor),
    'renderer cpu: after the extractor (tab emptied)': cpuOf(after),
    'renderer wall inside tasks': tasks.reduce((s, t) => s + (t.end - t.start) / 1000, 0),
    'browser UI thread cpu': threadCpu(browser),
    'service worker cpu': threadCpu(worker),
  };
  for (const k of Object.keys(loadKinds) as WorkKind[]) figures[`renderer cpu: loading, ${k}`] = loadKinds[k];
  for (const k of ['script', 'style', 'layout', 'gc', 'parse', 'other'] as WorkKind[])
    figures[`renderer cpu: extractor, ${k}`] = extractorKinds[k];
  return figures;
}

function medians(rows: readonly Figures[]): Figures {
  const out: Figures = {};
  for (const key of Object.keys(rows[0] ?? {})) out[key] = round(median(rows.map((r) => r[key] ?? 0)), 1);
  return out;
}

/** Nice values of the profile's web-page renderers (not extension ones); null without /proc. */
function rendererNices(userDataDir: string): number[] | null {
  if (!existsSync('/proc/self/stat')) return null;
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || !cmd.includes(`--user-data-dir=${userDataDir}`)) continue;
      if (cmd.includes('--extension-process')) continue;
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      out.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the process ended while being read
    }
  }
  return out;
}

export async function run(): Promise<Record<string, unknown>> {
  const set = fixturePages();
  if (!set) return { skipped: 'no fixture pages' };
  const names = spread(set.names, PAGES);
  const server = await startFixtureServer();
  allowCrossSiteHosts();
  const b = await launchBench([RESOLVER_RULES]);
  try {
    const panel = await b.openPage('extension/sidepanel/index.html');
    const cdp = await b.context.newCDPSession(panel);
    await cdp.send('Page.setBypassCSP', { enabled: true });
    await panel.reload();
    await installExtractor(panel);
    const urlOf = (name: string) => `${server.origin}/pages/${encodeURIComponent(name)}/`;
    await readTab(panel, urlOf(names[0] ?? ''));
    await fetchAndParse(panel, urlOf(names[0] ?? ''));
    const browserSession = await b.context.browser()?.newBrowserCDPSession();
    if (!browserSession) return { skipped: 'no browser CDP session' };
    const stop = await startTrace(browserSession, CATEGORIES);
    const port = new URL(server.origin).port;
    const mark = (m: string) => panel.evaluate((text) => console.timeStamp(text), m);
    let site = 0;
    let failures = 0;
    for (const mode of ['same', 'cross'] as const) {
      progress(`tab-read-trace: ${mode}-site reads`);
      for (const name of names) {
        for (let i = 0; i < ROUNDS; i++) {
          const url =
            mode === 'same'
              ? urlOf(name)
              : `http://s${site++ % CROSS_SITES}.test:${port}/pages/${encodeURIComponent(name)}/`;
          await mark(`read-start ${mode}`);
          const r = await readTab(panel, url, mode === 'same' ? undefined : CROSS_SITE_POLICY);
          await mark('read-end -');
          if (!r.ok) failures++;
          await mark('fetch-start -');
          await fetchAndParse(panel, urlOf(name));
          await mark('fetch-end -');
        }
      }
    }
    // The agent tab is parked in its renderer now; the active tab (the panel) is an extension page.
    const nices = rendererNices(b.userDataDir);
    const events = await stop();
    const threads = byThread(events);
    const reads: Record<string, Figures[]> = { same: [], cross: [] };
    for (const w of windows(events, 'read')) {
      const r = readFigures(events, threads, w);
      if (!r) continue;
      reads[w.tag]?.push(r);
    }
    const panelPid = events.find((e) => e.name === 'TimeStamp')?.pid;
    const panelMain = threadsNamed(events, 'CrRendererMain').find((t) => t.pid === panelPid);
    const browser = threadsNamed(events, 'CrBrowserMain')[0];
    const fetches = windows(events, 'fetch').map((w) => {
      const tasks = panelMain
        ? taskCpu(threads.get(`${panelMain.pid}:${panelMain.tid}`) ?? [], w.from, w.to)
        : [];
      const kinds = addKinds(tasks.map((t) => t.byKind));
      return {
        wallMs: (w.to - w.from) / 1000,
        'panel renderer cpu: all': cpuOf(tasks),
        'panel renderer cpu: script (extractor)': kinds.script,
        'panel renderer cpu: parse': kinds.parse,
        'browser UI thread cpu': browser
          ? cpuOf(taskCpu(threads.get(`${browser.pid}:${browser.tid}`) ?? [], w.from, w.to))
          : Number.NaN,
      };
    });
    return {
      readsPerKind: PAGES * ROUNDS,
      traceEvents: events.length,
      tabReadFailures: failures,
      webRendererNiceValues: nices,
      sameSite: medians(reads.same ?? []),
      crossSite: medians(reads.cross ?? []),
      fetchParse: medians(fetches),
    };
  } finally {
    await b.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
