import { fetchHops, hopPolicyFor, isRedirectRefused } from '../../security/redirect-hops';
import { EngineError } from '../engine';
import { DEFAULT_HUB, type FetchLike } from '../hub/hub-client';
import { redirectError } from '../redirect-error';

/**
 * Hugging Face's file URLs always redirect to its CDN, and an extension cannot read where
 * (src/security/redirect-hops.ts): that one hub's redirect is followed and its final address judged.
 * A mirror or a plain URL that redirects is refused with a message.
 */
const download = (fetch: FetchLike, url: string, init: RequestInit) =>
  fetchHops(fetch, url, init, { policy: hopPolicyFor(url), followHiddenFrom: [new URL(DEFAULT_HUB).origin] });

/** A failure worth retrying (connection dropped, server busy): the download continues in place. */
export class TransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientError';
  }
}

export interface RangeBody {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  /** Bytes at the start of the body to drop: a server that ignores Range sends from 0. */
  skip: number;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/** GETs `url` from byte `offset`, checking the server describes a file of `size` bytes. */
export async function openRange(
  url: string,
  offset: number,
  size: number,
  deps: { fetch: FetchLike; signal: AbortSignal; label: string },
): Promise<RangeBody> {
  let res: Response;
  try {
    res = await download(deps.fetch, url, { headers: { range: `bytes=${offset}-` }, signal: deps.signal });
  } catch (e) {
    if (deps.signal.aborted) throw e;
    if (isRedirectRefused(e)) throw redirectError(`the download of ${deps.label}`, e.refusal);
    throw new TransientError(`the connection to ${new URL(url).host} failed (${(e as Error).message})`);
  }
  const { label } = deps;
  if (res.status === 404)
    throw new EngineError(
      'download-failed',
      `The hub has no file ${label} (HTTP 404).`,
      'Check the model in Options → Model.',
    );
  if (res.status === 401 || res.status === 403)
    throw new EngineError(
      'unauthorized',
      `The hub refused ${label} (HTTP ${res.status}); the model may be gated.`,
      'Accept the model licence on its page, or use a mirror.',
    );
  if (res.status === 416)
    throw new EngineError(
      'download-failed',
      `The server's copy of ${label} is shorter than the part already downloaded; it may have changed.`,
      'Delete the partial download in Options → Model and download again.',
    );
  if (res.status === 408 || res.status === 429 || res.status >= 500)
    throw new TransientError(`the server answered HTTP ${res.status}`);
  if (!res.ok || !res.body)
    throw new EngineError(
      'download-failed',
      `Downloading ${label} failed (HTTP ${res.status}).`,
      'Retry later.',
    );
  let skip = 0;
  let total: number | null = null;
  if (res.status === 206) {
    const m = CONTENT_RANGE.exec(res.headers.get('content-range') ?? '');
    if (!m || Number(m[1]) !== offset)
      throw new TransientError(`the server sent an unexpected range (${res.headers.get('content-range')})`);
    total = m[3] === '*' ? null : Number(m[3]);
  } else {
    skip = offset;
    const length = res.headers.get('content-length');
    total = length === null ? null : Number(length);
  }
  if (total !== null && total !== size) {
    await res.body.cancel().catch(() => undefined);
    throw new EngineError(
      'download-failed',
      `The server's ${label} is ${total} bytes, but the hub listed ${size}; the file changed or the mirror differs.`,
      'Delete the partial download in Options → Model and download again.',
    );
  }
  return { reader: res.body.getReader(), skip };
}

/** The size of a plain URL's file: one byte asked for, the total read from the answer. */
export async function probeSize(
  url: string,
  deps: { fetch: FetchLike; signal: AbortSignal },
): Promise<number> {
  let res: Response;
  try {
    res = await download(deps.fetch, url, { headers: { range: 'bytes=0-0' }, signal: deps.signal });
  } catch (e) {
    if (deps.signal.aborted) throw e;
    if (isRedirectRefused(e)) throw redirectError('the model file', e.refusal);
    throw new EngineError(
      'offline',
      `Cannot reach ${new URL(url).host} to download the model.`,
      'Check your connection and the model URL.',
    );
  }
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) {
    throw new EngineError(
      'download-failed',
      `${url} answered HTTP ${res.status}.`,
      'Check the model URL in Options → Model.',
    );
  }
  const m = CONTENT_RANGE.exec(res.headers.get('content-range') ?? '');
  const total =
    m?.[3] && m[3] !== '*' ? Number(m[3]) : Number(res.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(total) || total <= 0)
    throw new EngineError(
      'download-failed',
      `${url} does not say how large the file is, so it cannot be downloaded in resumable parts.`,
      'Use a server that supports HTTP Range requests (Hugging Face does).',
    );
  return total;
}
