import type { EngineStatus } from '../llm/host/engine-status';
import type { RunnerEvent } from '../runner/runner-events';
import { BRAND } from './envelope';
import type { PortLike, PortTransport } from './transport';

/** Live events flow one way, engine host and runner → views, over a long-lived port. */
export const LIVE_PORT = 'sleuth-live';

export type LiveEvent = { type: 'engine'; status: EngineStatus } | RunnerEvent;

interface LiveFrame {
  brand: typeof BRAND;
  event: LiveEvent;
}

function isFrame(x: unknown): x is LiveFrame {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as { brand?: unknown; event?: { type?: unknown } };
  return f.brand === BRAND && typeof f.event?.type === 'string';
}

/** Host side: remembers the connected views and sends every event to each. */
export function createLiveHub(transport: PortTransport) {
  const ports = new Set<PortLike>();
  const stop = transport.onConnect((port) => {
    if (port.name !== LIVE_PORT || port.sender?.id !== transport.extensionId) return;
    ports.add(port);
    port.onDisconnect(() => ports.delete(port));
  });
  return {
    broadcast(event: LiveEvent) {
      const frame: LiveFrame = { brand: BRAND, event };
      for (const p of ports) {
        try {
          p.postMessage(frame);
        } catch {
          ports.delete(p);
        }
      }
    },
    get size() {
      return ports.size;
    },
    close() {
      stop();
      for (const p of ports) p.disconnect();
      ports.clear();
    },
  };
}

/**
 * View side: keeps a port open, reconnecting with backoff when the far end goes away (the offscreen
 * document was closed, or the browser restarted the extension's contexts).
 */
export function connectLive(
  transport: PortTransport,
  onEvent: (e: LiveEvent) => void,
  opts: {
    ensure?: () => Promise<void>;
    onState?: (connected: boolean) => void;
    setTimer?: (fn: () => void, ms: number) => unknown;
  } = {},
): { close(): void } {
  let closed = false;
  let attempt = 0;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));

  const open = async () => {
    if (closed) return;
    try {
      await opts.ensure?.();
    } catch {
      // The next attempt tries again; the view shows itself as disconnected meanwhile.
    }
    if (closed) return;
    let port: PortLike;
    try {
      port = transport.connect(LIVE_PORT);
    } catch {
      retry();
      return;
    }
    opts.onState?.(true);
    port.onMessage((m) => {
      attempt = 0;
      if (isFrame(m)) onEvent(m.event);
    });
    port.onDisconnect(() => {
      opts.onState?.(false);
      retry();
    });
    current = port;
  };
  const retry = () => {
    if (closed) return;
    attempt += 1;
    setTimer(() => void open(), Math.min(5000, 100 * 2 ** Math.min(attempt, 6)));
  };
  let current: PortLike | null = null;
  void open();
  return {
    close() {
      closed = true;
      current?.disconnect();
    },
  };
}
