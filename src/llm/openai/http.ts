import { fetchHops, hopPolicyFor, isRedirectRefused } from '../../security/redirect-hops';
import { abortError } from '../abort';
import { redirectError } from '../redirect-error';
import { firstByteTimeout, httpError, unreachable } from './errors';

/** Requests to an OpenAI-compatible server: auth, the first-byte timer, errors in plain words. */

export interface OpenAiHttpOptions {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
  now?: () => number;
  firstByteTimeoutMs?: number;
}

/** A 400 whose body names optional fields the server does not take (see OpenAiEngine.openChat). */
export class RefusedFields extends Error {
  constructor(readonly fields: readonly string[]) {
    super(`refused: ${fields.join(', ')}`);
  }
}

/**
 * fetch with auth, the first-byte timer and error mapping for non-2xx responses. `refusable`:
 * optional body fields; a 400 naming any of them throws RefusedFields instead of the error.
 */
export async function openRequest(
  o: OpenAiHttpOptions & { model: string },
  path: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  refusable: readonly string[] = [],
) {
  const fetchImpl = o.fetch ?? globalThis.fetch.bind(globalThis);
  const now = o.now ?? (() => performance.now());
  const inner = new AbortController();
  const relay = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', relay, { once: true });
  const timeoutMs = o.firstByteTimeoutMs ?? 60_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    inner.abort();
  }, timeoutMs);
  const headers: Record<string, string> = { accept: 'text/event-stream, application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  const sentAt = now();
  let response: Response;
  try {
    const url = `${o.baseUrl}${path}`;
    response = await fetchHops(
      fetchImpl,
      url,
      { ...init, headers, signal: inner.signal },
      { policy: hopPolicyFor(url) },
    );
  } catch (err) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', relay);
    if (signal?.aborted) throw abortError(signal.reason);
    if (isRedirectRefused(err)) throw redirectError('the request', err.refusal);
    if (timedOut) throw firstByteTimeout(o.baseUrl, timeoutMs / 1000);
    throw unreachable(o.baseUrl, err);
  }
  if (!response.ok) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', relay);
    const body = await response.text().catch(() => '');
    const named = response.status === 400 ? refusable.filter((f) => body.includes(f)) : [];
    if (named.length) throw new RefusedFields(named);
    throw httpError(response.status, body, o.baseUrl, o.model);
  }
  return {
    response,
    timer,
    inner,
    sentAt,
    timedOut: () => timedOut,
    /** The first-byte timer only guards the wait for the first byte, not slow generation. */
    gotByte: () => clearTimeout(timer),
  };
}

/** A small JSON GET with the API key, given up after a few seconds (for optional probes). */
export async function getJson(o: OpenAiHttpOptions, url: string, signal?: AbortSignal): Promise<unknown> {
  const fetchImpl = o.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(5000);
  const res = await fetchHops(
    fetchImpl,
    url,
    {
      headers: { accept: 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    },
    { policy: hopPolicyFor(url) },
  );
  if (!res.ok) return null;
  return res.json();
}
