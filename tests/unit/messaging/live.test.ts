import { describe, expect, it } from 'vitest';
import { connectLive, createLiveHub, LIVE_PORT, type LiveEvent } from '../../../src/messaging/live';
import type { PortLike, PortTransport } from '../../../src/messaging/transport';

/** Ports that connect views to whichever hub is currently listening. */
function fakePorts(extensionId = 'ext') {
  let hubListener: ((p: PortLike) => void) | null = null;
  const open = new Set<{ a: PortLike; b: PortLike }>();
  const transport: PortTransport = {
    extensionId,
    connect(name) {
      if (!hubListener) throw new Error('Could not establish connection');
      const aMsg: ((m: unknown) => void)[] = [];
      const bMsg: ((m: unknown) => void)[] = [];
      const aDis: (() => void)[] = [];
      const bDis: (() => void)[] = [];
      const pair = {
        a: {
          name,
          postMessage: (m: unknown) => {
            for (const l of bMsg) l(m);
          },
          onMessage: (l: (m: unknown) => void) => aMsg.push(l),
          onDisconnect: (l: () => void) => aDis.push(l),
          disconnect: () => {
            for (const l of bDis) l();
          },
        },
        b: {
          name,
          sender: { id: extensionId },
          postMessage: (m: unknown) => {
            for (const l of aMsg) l(m);
          },
          onMessage: (l: (m: unknown) => void) => bMsg.push(l),
          onDisconnect: (l: () => void) => bDis.push(l),
          disconnect: () => {
            for (const l of aDis) l();
          },
        },
      };
      open.add(pair);
      hubListener(pair.b);
      return pair.a;
    },
    onConnect(l) {
      hubListener = l;
      return () => {
        hubListener = null;
      };
    },
  };
  const killHub = () => {
    hubListener = null;
    for (const p of open) p.b.disconnect();
    open.clear();
  };
  return { transport, killHub };
}

describe('live event port', () => {
  it('delivers hub broadcasts to a connected view', async () => {
    const { transport } = fakePorts();
    const hub = createLiveHub(transport);
    const got: LiveEvent[] = [];
    connectLive(transport, (e) => got.push(e));
    await new Promise((r) => setTimeout(r, 0));
    hub.broadcast({ type: 'sessions-changed' });
    expect(got).toEqual([{ type: 'sessions-changed' }]);
    expect(LIVE_PORT).toBe('sleuth-live');
  });

  it('reconnects after the far end goes away, asking for it to be recreated first', async () => {
    const { transport, killHub } = fakePorts();
    createLiveHub(transport);
    let ensured = 0;
    const timers: (() => void)[] = [];
    const got: LiveEvent[] = [];
    connectLive(transport, (e) => got.push(e), {
      ensure: async () => {
        ensured += 1;
      },
      setTimer: (fn) => timers.push(fn),
    });
    await new Promise((r) => setTimeout(r, 0));
    killHub();
    const hub2 = createLiveHub(transport);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    hub2.broadcast({ type: 'sessions-changed' });
    expect(got).toEqual([{ type: 'sessions-changed' }]);
    expect(ensured).toBe(2);
  });
});
