/**
 * Pages and PDFs read without a tab are fetched by the service worker, not the offscreen document:
 * only there does the browser report which server answered (webRequest does not show an offscreen
 * document's requests; seen in Chromium 156). The worker judges the address before anything of the
 * body is passed on; this file turns its reply back into the Response the readers expect.
 */
import { ServerAddressRefused } from '../../../security/server-address';

export interface CheckedFetchRequest {
  url: string;
  accept: string;
  /** The reader's cap: at most one byte more is passed on, so the reader sees that it is too large. */
  maxBytes: number;
  allowLoopback: boolean;
  /** The whole fetch, body included, ends by then: a page that never finishes goes to a tab. */
  timeoutMs: number;
}

export type CheckedFetchReply =
  | { verdict: 'ok'; status: number; contentType: string; contentLength: string; body: string }
  /** refused: a private server answered; unknown: the browser did not say which; failed: no response. */
  | { verdict: 'refused' | 'unknown' | 'failed'; reason: string };

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(text);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

/**
 * A `fetch` for the readers that goes through the worker: a private server's answer throws
 * ServerAddressRefused (the visit fails with its reason); an unconfirmed one or no answer throws a
 * plain error (the reader then leaves the page to a tab, which checks the address itself).
 */
export function checkedFetch(
  send: (req: CheckedFetchRequest) => Promise<CheckedFetchReply>,
  opts: { allowLoopback: boolean; maxBytes: number; timeoutMs: number },
) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const accept = new Headers(init.headers).get('accept') ?? '*/*';
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const { allowLoopback, maxBytes, timeoutMs } = opts;
    const sent = send({ url, accept, maxBytes, allowLoopback, timeoutMs });
    // The worker ends its fetch at the deadline; this one also covers a worker that never answers.
    const reply = await new Promise<CheckedFetchReply>((ok, bad) => {
      const onAbort = () => bad(signal?.reason);
      const timer = setTimeout(
        () => bad(new TypeError('The page did not arrive in time.')),
        timeoutMs + 5000,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      sent.then(ok, bad).finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
    });
    if (reply.verdict === 'refused') throw new ServerAddressRefused(reply.reason);
    if (reply.verdict !== 'ok') throw new TypeError(reply.reason);
    const headers: Record<string, string> = { 'content-type': reply.contentType };
    if (reply.contentLength) headers['content-length'] = reply.contentLength;
    const body = fromBase64(reply.body);
    return new Response(body.byteLength > 0 ? body : null, { status: reply.status, headers });
  };
}
