/** The plan every crash case runs, and the helpers the cases share. */
import { callSeam, type SeamCall } from '../../e2e/helpers/fault-seams';
import type { Move } from '../model/obeying-model';
import type { SuiteContext } from './context';

export type CrashContext = SuiteContext & { restart(): Promise<void>; relaunch(): Promise<void> };

export const HOST = 'crash.example';
const slowThink = Array.from({ length: 60 }, (_, i) => `Weighing source ${i} against source ${i * 7}.`).join(
  ' ',
);

export interface CasePlan {
  query: string;
  slow: string;
  second: string;
  moves: Move[];
  /** The steps the run must end with, each done once. */
  planned: string[];
}

/**
 * search → visit (a page whose tab load takes 4 s; the model writes this turn slowly) → visit →
 * answer. Each case has its own URLs, or the page cache would answer the later cases' reads.
 */
export function planFor(tag: string): CasePlan {
  const query = `crash recovery topic ${tag}`;
  const slow = `http://${HOST}/${tag}/slow`;
  const second = `http://${HOST}/${tag}/second`;
  const visit = JSON.stringify({ name: 'visit', arguments: { url: [slow], goal: 'crash recovery topic' } });
  return {
    query,
    slow,
    second,
    moves: [
      { kind: 'search', queries: [query] },
      {
        kind: 'raw',
        text: `<think>\n${slowThink}\n</think>\n<tool_call>\n${visit}\n</tool_call>`,
        chunkDelayMs: 40,
      },
      { kind: 'visit', urls: [second], goal: 'crash recovery topic' },
    ],
    planned: [`search:${query}`, `visit:${slow}`, `visit:${second}`],
  };
}
export const ANSWER = 'Crash recovery works.';

export async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Calls a fault seam of the e2e build in the offscreen document of the suite's current browser. */
export const seam = (ctx: CrashContext, call: SeamCall) => callSeam(ctx.browser, call);
