/**
 * Every engine rejects a cancelled `chat`/`load` with an error named 'AbortError' (what fetch and
 * AbortSignal.throwIfAborted use), so callers test one thing: `err.name === 'AbortError'`.
 */
export function abortError(reason?: unknown): Error {
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException(typeof reason === 'string' ? reason : 'The operation was aborted.', 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason);
}
