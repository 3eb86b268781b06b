/** The plan every crash case runs, and the helpers the cases share. */
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

/**
 * Calls a fault seam of the e2e build in the offscreen document (src/test-seams/fault-seams.ts),
 * through CDP: Playwright does not always list the offscreen document of a relaunched browser.
 */
export async function seam(ctx: CrashContext, call: 'loseGpuDevice' | 'fillStorage', arg?: boolean) {
  const { context, extensionId } = ctx.browser;
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; url: string }[];
    };
    const doc = targetInfos.find((t) =>
      t.url.startsWith(`chrome-extension://${extensionId}/extension/offscreen/`),
    );
    if (!doc) throw new Error('The offscreen document is not open.');
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: doc.targetId,
      flatten: false,
    })) as {
      sessionId: string;
    };
    const expression = `(() => { const s = globalThis.__sleuthSeams; if (!s) throw new Error('No fault seams: is dist/ the e2e build?'); return s[${JSON.stringify(call)}](${JSON.stringify(arg ?? null)}); })()`;
    const answer = new Promise<unknown>((resolve, reject) => {
      cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
        if (e.sessionId !== sessionId) return;
        const m = JSON.parse(e.message) as {
          id?: number;
          result?: {
            result?: { value?: unknown };
            exceptionDetails?: { exception?: { description?: string } };
          };
        };
        if (m.id !== 1) return;
        const thrown = m.result?.exceptionDetails;
        if (thrown) reject(new Error(thrown.exception?.description ?? 'The seam threw.'));
        else resolve(m.result?.result?.value);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true },
      }),
    });
    return await answer;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
