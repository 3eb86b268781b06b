// Chrome's words when the context answering a message went away before it answered (a stopped or
// crashed service worker): "The message port closed before a response was received." or "…but the
// message channel closed before a response was received".
const CUT_OFF = /message (?:port|channel) closed before a response was received/i;

export const wasCutOff = (err: unknown): boolean =>
  CUT_OFF.test(err instanceof Error ? err.message : String(err));

/**
 * Sends again when the answering context died mid-request: Chrome starts a fresh service worker for
 * the next message, and it closes the tabs its predecessor left (orphans). Only for requests that
 * are safe to repeat, such as reading a page.
 */
export async function resendIfCutOff<T>(send: () => Promise<T>, signal?: AbortSignal, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (attempt >= tries || signal?.aborted || !wasCutOff(err)) throw err;
    }
  }
}
