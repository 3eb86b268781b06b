import { EngineError } from './engine';

/**
 * A model that stops sending tokens would hold a run forever. The watch fires when no token has
 * arrived for `idleMs` (or, before the first token, for `firstTokenMs`: prefill of a long prompt on a
 * slow GPU legitimately takes a while). The caller aborts the request and retries once.
 */
export interface StallWatch {
  /** A token arrived. */
  touch(): void;
  stop(): void;
  readonly stalled: boolean;
}

export interface StallLimits {
  firstTokenMs: number;
  idleMs: number;
  /** The longest one reply may stream in all, however steadily its tokens come (15 min unless set). */
  replyMs?: number;
}

/**
 * The most characters one reply may stream: far more than `maxTokens` tokens ever spell (about 4
 * characters a token in English, fewer in Chinese), so only a server that ignores max_tokens and
 * streams forever reaches it.
 */
export const replyCharCap = (maxTokens: number) => maxTokens * 12 + 4096;

export function endlessReplyError(chars: number): EngineError {
  return new EngineError(
    'bad-response',
    `The model's reply ran past ${chars.toLocaleString('en-US')} characters without ending (it ignored the length limit), so Sleuth stopped it.`,
    'The run is paused: continue it, or check the model server.',
  );
}

export function slowReplyError(minutes: number): EngineError {
  return new EngineError(
    'timeout',
    `The model's reply was still streaming after ${minutes} min, so Sleuth stopped it.`,
    'The run is paused: continue it, or choose a faster model.',
  );
}

export function watchForStall(limits: StallLimits, onStall: () => void): StallWatch {
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      onStall();
    }, ms);
  };
  arm(limits.firstTokenMs);
  return {
    touch() {
      if (!stalled) arm(limits.idleMs);
    },
    stop() {
      clearTimeout(timer);
    },
    get stalled() {
      return stalled;
    },
  };
}

export function stallError(seconds: number, firstToken: boolean): EngineError {
  return new EngineError(
    'timeout',
    firstToken
      ? `The model sent no token for ${seconds} s after the request.`
      : `The model stopped sending tokens for ${seconds} s in the middle of a reply.`,
    'Sleuth retried once. The run is paused: continue it when the model answers again.',
  );
}
