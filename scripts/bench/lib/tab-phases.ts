/**
 * Where an agent-tab read spends its time, seen from the service worker that runs it: listeners the
 * bench adds next to the product's own (webNavigation and runtime messages, observe only), so the
 * product code is measured unchanged. Times are the worker's performance.now(); per read:
 * - toCommit: the router.readTab message arrives → the page's document commits (tab handed out,
 *   navigation started, request answered, renderer ready);
 * - parse: commit → DOMContentLoaded (the page parsed, its blocking scripts run);
 * - afterParse: DOMContentLoaded → the tab is sent back to about:blank (extractor injected, settle
 *   wait, extraction, result back in the worker);
 * the rest of a read's wall time (messages to and from the page that asked) is total − the three.
 */
import type { Worker } from 'playwright-core';
import { median, round, waitUntil } from './stats';

export interface Phases {
  toCommit: number;
  parse: number;
  afterParse: number;
}

// Source text: tsx would name the functions of a compiled callback with a helper the worker lacks.
const INSTALL = `(() => {
  if (globalThis.__benchPhases) return;
  const log = { reads: [] };
  globalThis.__benchPhases = log;
  const current = () => log.reads[log.reads.length - 1];
  chrome.runtime.onMessage.addListener((m) => {
    if (m && m.type === 'router.readTab') log.reads.push({ start: performance.now() });
    return false;
  });
  const mark = (key) => (d) => {
    const r = current();
    if (!r || d.frameId !== 0) return;
    if (d.url === 'about:blank') {
      if (key === 'blank' && r.parsed !== undefined && r.blank === undefined) r.blank = performance.now();
    } else if (key !== 'blank' && r[key] === undefined) r[key] = performance.now();
  };
  chrome.webNavigation.onCommitted.addListener(mark('commit'));
  chrome.webNavigation.onDOMContentLoaded.addListener(mark('parsed'));
  chrome.webNavigation.onBeforeNavigate.addListener(mark('blank'));
})()`;

export async function installPhaseLog(sw: Worker): Promise<void> {
  await sw.evaluate(INSTALL);
}

/**
 * The phases of every read since the last call (reads missing a mark are left out). The reply can
 * reach the bench before the tab's park starts, so the last read's end mark is waited for (up to
 * 1 s); taken at once, about a third of the reads lost it.
 */
export async function takePhases(sw: Worker): Promise<Phases[]> {
  await waitUntil(
    () =>
      sw.evaluate(
        '(() => { const r = globalThis.__benchPhases.reads; const last = r[r.length - 1]; return !last || last.parsed === undefined || last.blank !== undefined; })()',
      ) as Promise<boolean>,
    1000,
    5,
  );
  const reads = (await sw.evaluate(
    '(() => { const r = globalThis.__benchPhases.reads; globalThis.__benchPhases.reads = []; return r; })()',
  )) as { start: number; commit?: number; parsed?: number; blank?: number }[];
  return reads.flatMap((r) =>
    r.commit !== undefined && r.parsed !== undefined && r.blank !== undefined
      ? [{ toCommit: r.commit - r.start, parse: r.parsed - r.commit, afterParse: r.blank - r.parsed }]
      : [],
  );
}

export function phaseMedians(all: readonly Phases[]): Record<string, number> {
  return {
    reads: all.length,
    toCommitMs: round(median(all.map((p) => p.toCommit)), 1),
    parseMs: round(median(all.map((p) => p.parse)), 1),
    afterParseMs: round(median(all.map((p) => p.afterParse)), 1),
  };
}
