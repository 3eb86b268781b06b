import type { ExtensionBrowser } from './browser';

export type SeamCall =
  | { name: 'loseGpuDevice' }
  | { name: 'fillStorage'; full: boolean }
  | { name: 'slowDecode'; tokensPerSecond: number | null };

/**
 * Calls a fault seam of the e2e build in the offscreen document (src/test-seams/fault-seams.ts)
 * through CDP: Playwright does not list the offscreen document among its background pages in every
 * browser (not after a relaunch, nor in the e2e browser), while CDP always sees its target.
 */
export async function callSeam(b: Pick<ExtensionBrowser, 'context' | 'extensionId'>, call: SeamCall) {
  const page = b.context.pages()[0] ?? (await b.context.newPage());
  const cdp = await b.context.newCDPSession(page);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; url: string }[];
    };
    const prefix = `chrome-extension://${b.extensionId}/extension/offscreen/`;
    const doc = targetInfos.find((t) => t.url.startsWith(prefix));
    if (!doc) throw new Error('The offscreen document is not open.');
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: doc.targetId,
      flatten: false,
    })) as { sessionId: string };
    const arg =
      call.name === 'fillStorage'
        ? String(call.full)
        : call.name === 'slowDecode'
          ? String(call.tokensPerSecond)
          : '';
    const expression = `(() => { const s = globalThis.__sleuthSeams; if (!s) throw new Error('No fault seams: is dist/ the e2e build?'); return s.${call.name}(${arg}); })()`;
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
