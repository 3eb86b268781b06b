import * as v from 'valibot';
import { delegateEngine } from '../delegate-engine';
import type { ChatEngine, ChatResult } from '../engine';

/**
 * Where a local engine computes, as far as its speed goes. A software GPU (SwiftShader, llvmpipe)
 * is the CPU behind a WebGPU face: as slow as the CPU path, or slower.
 */
export type RunsOn = 'cpu' | 'software-gpu' | 'gpu';

export function runsOnOf(backend: 'webgpu' | 'cpu', probe: { software: boolean }): RunsOn {
  if (backend === 'cpu') return 'cpu';
  return probe.software ? 'software-gpu' : 'gpu';
}

/** What a speed is kept for: the same model runs at another speed on other hardware or threads. */
export interface SpeedSubject {
  kind: string;
  modelId: string;
  runsOn?: RunsOn;
  threads?: number;
}

/** The key a model's speed is kept under; none for a model server, which this machine does not run. */
export function speedKey(c: SpeedSubject): string | null {
  if (!c.runsOn || c.kind === 'openai') return null;
  return `${c.kind}|${c.modelId}|${c.runsOn}|${c.threads ?? 0}`;
}

const Entry = v.object({
  tokens: v.pipe(v.number(), v.finite(), v.minValue(0)),
  seconds: v.pipe(v.number(), v.finite(), v.minValue(0)),
  at: v.number(),
});
type Entry = v.InferOutput<typeof Entry>;
const Book = v.record(v.string(), Entry);
export type SpeedRecords = v.InferOutput<typeof Book>;

/** A reply this short says more about the engine starting than about its steady decode speed. */
export const MIN_TOKENS = 4;
/**
 * Tokens a kept speed stands for: beyond it the older replies count for less, so a machine that got
 * busier (or quieter) shows in the figure within a few replies, not after a whole run.
 */
const WINDOW_TOKENS = 2000;
/** Models whose speeds are kept: the ones used last. */
const MAX_KEPT = 20;

/** The kept speed after one more reply of `tokens` tokens at `tokensPerSecond`. */
export function addSample(
  prev: Entry | undefined,
  tokens: number,
  tokensPerSecond: number,
  at: number,
): Entry {
  const seconds = tokens / tokensPerSecond;
  const sum = { tokens: (prev?.tokens ?? 0) + tokens, seconds: (prev?.seconds ?? 0) + seconds };
  const scale = sum.tokens > WINDOW_TOKENS ? WINDOW_TOKENS / sum.tokens : 1;
  return { tokens: sum.tokens * scale, seconds: sum.seconds * scale, at };
}

/** Where the kept speeds live (a key of the settings store), as plain JSON. */
export interface SpeedStore {
  read(): Promise<unknown>;
  write(records: SpeedRecords): Promise<void>;
}

export interface SpeedBook {
  /** Decode tokens per second measured for this model here, if it ever ran. */
  measured(subject: SpeedSubject): Promise<number | undefined>;
  /** Keeps a completed reply's decode speed; replies that were cut, failed or too short are left out. */
  record(subject: SpeedSubject, result: ChatResult): Promise<void>;
}

export function createSpeedBook(store: SpeedStore, now: () => number = Date.now): SpeedBook {
  const read = async (): Promise<SpeedRecords> => {
    const parsed = v.safeParse(Book, await store.read().catch(() => undefined));
    return parsed.success ? parsed.output : {};
  };
  // Writes one after another: two replies ending together must not each drop the other's sample.
  let queue: Promise<void> = Promise.resolve();
  return {
    async measured(subject) {
      const key = speedKey(subject);
      const e = key ? (await read())[key] : undefined;
      return e && e.seconds > 0 ? e.tokens / e.seconds : undefined;
    },
    record(subject, result) {
      const key = speedKey(subject);
      const tps = result.usage.decodeTokensPerSecond ?? 0;
      const tokens = result.usage.completionTokens;
      if (!key || result.finishReason === 'abort' || result.finishReason === 'error') return queue;
      if (tokens < MIN_TOKENS || !(tps > 0) || !Number.isFinite(tps)) return queue;
      queue = queue
        .then(async () => {
          const records = await read();
          records[key] = addSample(records[key], tokens, tps, now());
          const kept = Object.entries(records)
            .sort((a, b) => b[1].at - a[1].at)
            .slice(0, MAX_KEPT);
          await store.write(Object.fromEntries(kept));
        })
        .catch(() => undefined);
      return queue;
    },
  };
}

/** The engine, each of its completed replies kept in `book` (a failed write costs the reply nothing). */
export function recordingSpeed(engine: ChatEngine, subject: SpeedSubject, book: SpeedBook): ChatEngine {
  return {
    ...delegateEngine(engine),
    async chat(messages, opts) {
      const result = await engine.chat(messages, opts);
      // Kept before the reply returns: a load's probe is in the book when the status says ready.
      await book.record(subject, result);
      return result;
    },
  };
}

/** A short reply asked for once after a load, so the first-run guide can say how fast this model is here. */
const PROBE = { prompt: 'Say hello in one short sentence.', maxTokens: 16 } as const;

/**
 * Measures the model once on this hardware, right after it loads, where it runs on the CPU or a
 * software GPU and no speed is kept for it yet (a real GPU is not the case the figure warns about).
 * A failed probe leaves nothing measured; a cancelled load still ends as cancelled.
 */
export async function probeSpeedOnce(
  engine: ChatEngine,
  subject: SpeedSubject,
  book: SpeedBook,
  signal: AbortSignal,
): Promise<void> {
  if (subject.runsOn !== 'cpu' && subject.runsOn !== 'software-gpu') return;
  if ((await book.measured(subject)) !== undefined) return;
  try {
    // `engine` keeps its replies' speeds (recordingSpeed): the probe's is kept like any other.
    await engine.chat([{ role: 'user', content: PROBE.prompt }], {
      maxTokens: PROBE.maxTokens,
      temperature: 0,
      signal,
    });
  } catch {
    // The run that follows measures it instead. A reply that failed so badly that the engine let the
    // model go (wllama does on a damaged model, and on a random-weight test model's invalid UTF-8)
    // must not leave a host that says "ready" without a model: it is loaded again.
    if (!engine.info().loaded && !signal.aborted) await engine.load(subject.modelId, { signal });
  }
  signal.throwIfAborted();
}
