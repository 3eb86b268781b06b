/**
 * The service worker's side of pages read without a tab (src/tools/browse/fetch/checked-fetch-reply.ts):
 * fetched signed out, redirects refused, and the server's address judged from webRequest before any
 * of the body is handed over.
 */
import { judgeFetchAddress } from '../security/server-address';
import { readBodyPrefix } from '../tools/browse/fetch/capped-body';
import type { CheckedFetchReply, CheckedFetchRequest } from '../tools/browse/fetch/checked-fetch-reply';
import { toBase64 } from '../tools/browse/fetch/checked-fetch-reply';
import { fetchServerAddress } from './server-ip-watch';

/** How long to wait for the browser's report of the address (it usually comes before the response). */
const ADDRESS_WAIT_MS = 3000;

export async function fetchChecked(req: CheckedFetchRequest): Promise<CheckedFetchReply> {
  try {
    return await fetchWithin(req, AbortSignal.timeout(req.timeoutMs));
  } catch (err) {
    // No response, or a body that did not finish in time (a page that never ends): a tab reads it.
    return { verdict: 'failed', reason: err instanceof Error ? err.message : String(err) };
  }
}

async function fetchWithin(req: CheckedFetchRequest, signal: AbortSignal): Promise<CheckedFetchReply> {
  const since = Date.now();
  const res = await fetch(req.url, {
    redirect: 'error',
    credentials: 'omit',
    headers: { accept: req.accept },
    signal,
  });
  const judged = judgeFetchAddress(await fetchServerAddress(res.url || req.url, since, ADDRESS_WAIT_MS), {
    allowLoopback: req.allowLoopback,
  });
  if (judged.verdict !== 'ok') {
    await res.body?.cancel().catch(() => undefined);
    return judged;
  }
  const contentLength = res.headers.get('content-length') ?? '';
  // A body declared larger than the cap is not read: the reader refuses it from the header. Otherwise
  // one byte past the cap is passed on, so the reader sees that it is too large.
  const body =
    Number(contentLength) > req.maxBytes
      ? new Uint8Array(0)
      : (await readBodyPrefix(res, req.maxBytes)).bytes;
  if (body.byteLength === 0) await res.body?.cancel().catch(() => undefined);
  return {
    verdict: 'ok',
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    contentLength,
    body: toBase64(body),
  };
}
