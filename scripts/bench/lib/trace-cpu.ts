/**
 * CPU time of one thread in a Chromium trace, split by what it was spent on. Trace events nest (a
 * task runs a script that forces a style recalc), so each event's own time is its thread time
 * (`tdur`) minus its children's, and it goes to the innermost enclosing event that names a kind of
 * work. Thread time, not wall time: on a loaded machine a thread is often descheduled inside a task,
 * and wall time would count the waiting as work.
 */
import type { TraceEvent } from './trace';

export type WorkKind = 'parse' | 'script' | 'style' | 'layout' | 'paint' | 'gc' | 'other';

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'v8.run',
  'v8.callFunction',
]);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer']);

function kindOf(name: string): WorkKind | null {
  if (name === 'ParseHTML') return 'parse';
  if (name === 'UpdateLayoutTree' || name === 'ParseAuthorStyleSheet') return 'style';
  if (name === 'Layout') return 'layout';
  if (PAINT.has(name)) return 'paint';
  if (name === 'MinorGC' || name === 'MajorGC' || name.startsWith('V8.GC') || name.startsWith('BlinkGC'))
    return 'gc';
  if (SCRIPT.has(name) || name.startsWith('V8.')) return 'script';
  return null;
}

/** A top-level task with the CPU its events spent, by kind of work. */
export interface TaskCpu {
  start: number;
  end: number;
  /** Thread time of the whole task, ms. */
  cpuMs: number;
  byKind: Record<WorkKind, number>;
  /** URLs of the scripts it ran ('' for code an extension passed as a function). */
  scriptUrls: string[];
}

const emptyKinds = (): Record<WorkKind, number> => ({
  parse: 0,
  script: 0,
  style: 0,
  layout: 0,
  paint: 0,
  gc: 0,
  other: 0,
});

interface Open {
  e: TraceEvent;
  end: number;
  kind: WorkKind | null;
  childCpu: number;
}

/**
 * The tasks of one thread that start in [from, to), each with its CPU split by kind. `events` must
 * be that thread's complete ('X') events.
 */
export function taskCpu(events: readonly TraceEvent[], from: number, to: number): TaskCpu[] {
  const list = events
    .filter((e) => e.ph === 'X' && e.ts >= from && e.ts < to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: TaskCpu[] = [];
  const stack: Open[] = [];
  const close = (o: Open) => {
    const task = tasks[tasks.length - 1];
    if (!task) return;
    const own = Math.max(0, (o.e.tdur ?? 0) - o.childCpu) / 1000;
    const kind = o.kind ?? [...stack].reverse().find((s) => s.kind)?.kind ?? 'other';
    task.byKind[kind] += own;
  };
  for (const e of list) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length && (stack[stack.length - 1] as Open).end <= e.ts) close(stack.pop() as Open);
    const parent = stack[stack.length - 1];
    if (parent) parent.childCpu += e.tdur ?? 0;
    else tasks.push({ start: e.ts, end, cpuMs: (e.tdur ?? 0) / 1000, byKind: emptyKinds(), scriptUrls: [] });
    const task = tasks[tasks.length - 1];
    const url = (e.args?.data as { url?: unknown } | undefined)?.url;
    if (task && (e.name === 'EvaluateScript' || e.name === 'FunctionCall'))
      task.scriptUrls.push(String(url ?? ''));
    stack.push({ e, end, kind: kindOf(e.name), childCpu: 0 });
  }
  while (stack.length) close(stack.pop() as Open);
  return tasks;
}

/** Pid and tid of every thread with the given name (`CrRendererMain`, `CrBrowserMain`, …). */
export function threadsNamed(events: readonly TraceEvent[], name: string): { pid: number; tid: number }[] {
  return events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && String(e.args?.name ?? '').startsWith(name))
    .map((e) => ({ pid: e.pid, tid: e.tid }));
}

/** Sum of a list of per-kind records. */
export function addKinds(list: readonly Record<WorkKind, number>[]): Record<WorkKind, number> {
  const sum = emptyKinds();
  for (const k of list) for (const key of Object.keys(sum) as WorkKind[]) sum[key] += k[key];
  return sum;
}
