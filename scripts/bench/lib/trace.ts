/**
 * Main-thread busy time of one page's renderer from a Chromium performance trace (CDP Tracing with
 * the devtools.timeline categories, as DevTools' Performance panel records it).
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, where the trace records it. */
  tdur?: number;
  args?: Record<string, unknown>;
}

export interface BusyFigures {
  /** Sum of top-level RunTask durations on the page renderer's main thread, ms. */
  busyMs: number;
  /** Part of busyMs spent in timeline events attributed to the page's own frame (script, style, layout, paint). */
  frameMs: number;
  /** Other frames with work on the same main thread (e.g. the offscreen document running the agent). */
  otherFramesOnThread: number;
  /**
   * frameMs split by event name (each name's spans unioned on their own), to tell script from style,
   * layout and paint. Names nest (a forced Layout inside a FunctionCall), so these can sum past frameMs.
   */
  frameMsByEvent: Record<string, number>;
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', '__metadata'];

/**
 * Starts tracing on a CDP session (a page's, or the browser's for every process); the returned
 * function stops it and yields the events.
 */
export async function startTrace(
  cdp: CDPSession,
  categories: readonly string[] = CATEGORIES,
): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const onData = (p: { value: object[] }) => {
    for (const e of p.value as TraceEvent[]) events.push(e);
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...categories] },
  });
  return async () => {
    const complete = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', onData);
    return events;
  };
}

interface Span {
  start: number;
  end: number;
}

/** Complete ('X') spans plus matched 'B'/'E' pairs, on one thread, for the given event names. */
function spans(events: readonly TraceEvent[], names: (e: TraceEvent) => boolean): Span[] {
  const out: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (!names(e)) continue;
    if (e.ph === 'X') out.push({ start: e.ts, end: e.ts + (e.dur ?? 0) });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) out.push({ start: b.ts, end: e.ts });
    }
  }
  return out;
}

/** Sum of the union of spans: nested and overlapping events are counted once (top level only). */
function unionMs(list: Span[]): number {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = Number.NaN;
  let curEnd = Number.NaN;
  for (const s of sorted) {
    if (!(s.start < curEnd)) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = s.start;
      curEnd = s.end;
    } else if (s.end > curEnd) curEnd = s.end;
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total / 1000;
}

const FRAME_WORK = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'v8.run',
]);

function frameOf(e: TraceEvent): string | undefined {
  const data = (e.args?.data ?? e.args?.beginData) as { frame?: unknown } | undefined;
  return typeof data?.frame === 'string' ? data.frame : undefined;
}

/**
 * Busy time on the renderer main thread that hosts the page whose URL starts with `urlPrefix`.
 * Extension pages share one renderer process, so the total includes any other extension document
 * on that thread; `frameMs` is the part attributed to the page's own frame.
 */
export function mainThreadBusy(events: readonly TraceEvent[], urlPrefix: string): BusyFigures {
  const frames: { frame: string; url: string; processId: number }[] = [];
  for (const e of events) {
    const list = (e.args?.data as { frames?: unknown } | undefined)?.frames;
    if (Array.isArray(list)) frames.push(...(list as typeof frames));
    const d = e.args?.data as { frame?: unknown; url?: unknown; processId?: unknown } | undefined;
    if ((e.name === 'FrameCommittedInBrowser' || e.name === 'CommitLoad') && typeof d?.frame === 'string')
      frames.push({ frame: d.frame, url: String(d.url ?? ''), processId: Number(d.processId ?? e.pid) });
  }
  const page = frames.find((f) => f.url.startsWith(urlPrefix));
  if (!page) throw new Error(`no frame for ${urlPrefix} in the trace`);
  const pid = page.processId;
  const main = events.find(
    (e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error(`no CrRendererMain thread for process ${pid}`);
  const onMain = events.filter((e) => e.pid === pid && e.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const seenFrames = new Set(onMain.map(frameOf).filter((f): f is string => f !== undefined));
  seenFrames.delete(page.frame);
  const frameMsByEvent: Record<string, number> = {};
  for (const name of FRAME_WORK) {
    const ms = unionMs(spans(onMain, (e) => e.name === name && frameOf(e) === page.frame));
    if (ms > 0) frameMsByEvent[name] = Math.round(ms * 10) / 10;
  }
  return {
    busyMs: unionMs(spans(onMain, (e) => e.name === 'RunTask')),
    frameMsByEvent,
    frameMs: unionMs(spans(onMain, (e) => FRAME_WORK.has(e.name) && frameOf(e) === page.frame)),
    otherFramesOnThread: seenFrames.size,
  };
}
