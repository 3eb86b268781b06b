/**
 * Test seams of the e2e build only (extension/shared/engine-rooms.ts loads this file behind
 * `import.meta.env.MODE === 'e2e'`, so production bundles do not hold it): faults real Chromium cannot
 * be made to produce on demand, raised in the engine host's context from a test through
 * `globalThis.__sleuthSeams`. The errors are the ones the real failures produce, built by the same
 * mappers, so everything after them is the product's own handling.
 */
import { delegateEngine } from '../llm/delegate-engine';
import type { ChatEngine, ChatResult } from '../llm/engine';
import type { EngineChoice } from '../llm/host/engine-host';
import { toLoadError } from '../llm/load-errors';
import { toStoreError } from '../store/errors';
import type { Store } from '../store/open-store';

export interface FaultSeams {
  /** The GPU device is lost: replies being written fail as web-llm's do; with none, the next one. Returns how many were cut. */
  loseGpuDevice(): number;
  /** Storage is full (true) or has room again (false): step writes fail with QuotaExceededError. */
  fillStorage(full: boolean): void;
  /**
   * Replies take at least as long as this many tokens a second would (null: as fast as they come),
   * as on a slow CPU: the tiny test model is far faster than DR-Venus on a laptop.
   */
  slowDecode(tokensPerSecond: number | null): void;
}

const inFlight = new Set<() => void>();
let loseNext = false;
let storageFull = false;
let decodeCap: number | null = null;

const deviceLost = (model: string) =>
  toLoadError(Object.assign(new Error('Device was lost.'), { name: 'DeviceLostError' }), { model });

const seams: FaultSeams = {
  loseGpuDevice() {
    const cut = [...inFlight];
    loseNext = cut.length === 0;
    for (const fail of cut) fail();
    return cut.length;
  },
  fillStorage(full) {
    storageFull = full;
  },
  slowDecode(tokensPerSecond) {
    decodeCap = tokensPerSecond;
  },
};

/**
 * The reply held back until it took as long as the slow decode asked for, its speed then the one
 * measured over that time: what the engine host keeps and shows is what the seam made happen.
 */
async function heldBack(started: number, r: ChatResult): Promise<ChatResult> {
  if (!decodeCap) return r;
  const wait = started + (r.usage.completionTokens / decodeCap) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const measured = r.usage.completionTokens / ((Date.now() - started) / 1000);
  const reported = r.usage.decodeTokensPerSecond ?? measured;
  return { ...r, usage: { ...r.usage, decodeTokensPerSecond: Math.min(reported, measured) } };
}

export function installFaultSeams(): void {
  Object.assign(globalThis, { __sleuthSeams: seams });
}

/** The chosen engine, made to fail as a lost GPU device does, or to decode slowly, when a test asks. */
export function withEngineFaultSeams(choice: EngineChoice): EngineChoice {
  return {
    ...choice,
    create(): ChatEngine {
      const engine = choice.create();
      return {
        ...delegateEngine(engine),
        chat(messages, opts) {
          if (loseNext) {
            loseNext = false;
            return Promise.reject(deviceLost(choice.modelId));
          }
          const inner = new AbortController();
          const relay = () => inner.abort(opts.signal?.reason);
          opts.signal?.addEventListener('abort', relay, { once: true });
          let fail = (): void => undefined;
          const lost = new Promise<never>((_, reject) => {
            fail = () => {
              inner.abort(new Error('The GPU device was lost.'));
              reject(deviceLost(choice.modelId));
            };
          });
          inFlight.add(fail);
          const started = Date.now();
          const reply = engine
            .chat(messages, { ...opts, signal: inner.signal })
            .then((r) => heldBack(started, r));
          return Promise.race([reply, lost]).finally(() => {
            inFlight.delete(fail);
            opts.signal?.removeEventListener('abort', relay);
          });
        },
      };
    },
  };
}

/** The runner's store, whose step writes fail as a full disk makes them fail when a test asks. */
export function withQuotaSeam(store: Pick<Store, 'sessions' | 'steps'>): Pick<Store, 'sessions' | 'steps'> {
  return {
    sessions: store.sessions,
    steps: {
      ...store.steps,
      put: (step) =>
        storageFull
          ? Promise.reject(
              toStoreError(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
            )
          : store.steps.put(step),
    },
  };
}
