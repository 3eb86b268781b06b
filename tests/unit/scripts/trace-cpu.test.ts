import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../scripts/bench/lib/trace';
import { taskCpu } from '../../../scripts/bench/lib/trace-cpu';

const x = (name: string, ts: number, dur: number, tdur: number, url?: string): TraceEvent => ({
  name,
  cat: 'devtools.timeline',
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur,
  tdur,
  ...(url === undefined ? {} : { args: { data: { url } } }),
});

describe('taskCpu', () => {
  it('gives each event its own thread time, under the innermost kind of work around it', () => {
    // A task (10 ms CPU) runs a script (6 ms) that forces a style recalc (2 ms) and a GC (1 ms).
    const events = [
      x('RunTask', 0, 20_000, 10_000),
      x('FunctionCall', 1_000, 12_000, 6_000, 'chrome-extension://id/content/extract-page.js'),
      x('UpdateLayoutTree', 2_000, 3_000, 2_000),
      x('MinorGC', 6_000, 1_500, 1_000),
      x('Receive mojo message', 14_000, 1_000, 500),
    ];
    const [task, ...rest] = taskCpu(events, 0, 50_000);
    expect(rest).toEqual([]);
    expect(task?.cpuMs).toBe(10);
    expect(task?.byKind).toEqual({ parse: 0, script: 3, style: 2, layout: 0, paint: 0, gc: 1, other: 4 });
    expect(task?.scriptUrls).toEqual(['chrome-extension://id/content/extract-page.js']);
  });

  it('counts only tasks that start in the window, and wall time waiting is not CPU', () => {
    const events = [
      x('RunTask', 0, 5_000, 4_000),
      x('RunTask', 10_000, 30_000, 3_000),
      x('Layout', 11_000, 20_000, 2_000),
    ];
    const tasks = taskCpu(events, 8_000, 100_000);
    expect(tasks.map((t) => [t.cpuMs, t.byKind.layout, t.byKind.other])).toEqual([[3, 2, 1]]);
  });
});
