/**
 * The one place providers talk HTTP: maps network failures, aborts and HTTP statuses to SearchError, and
 * validates JSON bodies with valibot so a changed or hostile response is a typed error, never a crash.
 */

import * as v from 'valibot';
import { netCauseOf } from '../../errors/net-cause';
import { fetchHops, hopPolicyFor, isRedirectRefused } from '../../security/redirect-hops';
import { hostPortOf, reachOf } from '../../security/server-reach';
import { badUrl, errorForStatus, malformed, missingSetting, redirected, SearchError } from './errors';
import type { FetchFn } from './types';

export interface HttpContext {
  fetch: FetchFn;
  label: string;
  needsKey: boolean;
  signal?: AbortSignal | undefined;
}

/** Lets a provider give a more precise error for a status (Google's 400 "API key not valid", …). */
export type StatusClassifier = (status: number, body: string) => SearchError | undefined;

async function requestOk(
  ctx: HttpContext,
  url: string,
  init: RequestInit,
  classify?: StatusClassifier,
): Promise<Response> {
  const response = await guard(ctx, url, () =>
    fetchHops(ctx.fetch, url, { ...init, signal: ctx.signal ?? null }, { policy: hopPolicyFor(url) }),
  );
  if (response.ok) return response;
  const body = await guard(ctx, url, () => response.text()).catch(() => '');
  const specific = classify?.(response.status, body.slice(0, 4000));
  if (specific) throw specific;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  throw errorForStatus(ctx.label, response.status, {
    needsKey: ctx.needsKey,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

export async function requestText(
  ctx: HttpContext,
  url: string,
  init: RequestInit,
  classify?: StatusClassifier,
): Promise<{ status: number; text: string }> {
  const response = await requestOk(ctx, url, init, classify);
  const text = await guard(ctx, url, () => response.text());
  return { status: response.status, text };
}

export async function requestJson<TSchema extends v.GenericSchema>(
  ctx: HttpContext,
  url: string,
  init: RequestInit,
  schema: TSchema,
  classify?: StatusClassifier,
): Promise<v.InferOutput<TSchema>> {
  const { text } = await requestText(ctx, url, init, classify);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw malformed(ctx.label, err);
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw malformed(ctx.label, new v.ValiError(parsed.issues));
  return parsed.output;
}

/** Runs a fetch step; turns timeouts and network failures into SearchError, lets user aborts through. */
async function guard<T>(ctx: HttpContext, url: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof SearchError) throw err;
    if (isRedirectRefused(err)) throw redirected(ctx.label, err.refusal, err);
    const signal = ctx.signal;
    const provider = ctx.label;
    const host = hostPortOf(url);
    const reach = reachOf(url);
    if (signal?.aborted) {
      if (isTimeout(signal.reason)) {
        throw new SearchError('timeout', `${provider} took too long to answer.`, {
          cause: err,
          info: { code: 'search-timeout', params: { provider, host, reach } },
        });
      }
      throw signal.reason ?? err;
    }
    // The model reads this English text; the panel words `info`, which knows a server on this
    // computer that is down from a machine that is offline.
    const where = reach === 'public' ? 'Check the internet connection.' : `Is the server at ${host} running?`;
    throw new SearchError('network', `${provider} could not be reached. ${where}`, {
      cause: err,
      info: { code: 'search-unreachable', params: { provider, host, reach, cause: netCauseOf(err) } },
    });
  }
}

export function isTimeout(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && 'name' in reason && reason.name === 'TimeoutError';
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header) * 1000;
}

/** Base URL without trailing slashes; a user-supplied value must be an http(s) URL. */
export function baseUrlOf(configured: string | undefined, fallback: string): string | undefined {
  const raw = configured?.trim() || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (url.username || url.password) return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** Valibot piece used by every JSON provider: a string field that may be absent or null. */
export const optionalText = v.optional(v.nullable(v.string()));

/** The API key and endpoint base every keyed provider needs, or the settings error a user can fix. */
export function keyedEndpoint(
  config: { apiKey?: string; baseUrl?: string },
  label: string,
  defaultBase: string,
): { key: string; base: string } {
  const key = config.apiKey?.trim();
  if (!key) throw missingSetting(label, 'an API key');
  const base = baseUrlOf(config.baseUrl, defaultBase);
  if (!base) throw badUrl(label, `${label}: the address in Options → Search is not a valid URL.`);
  return { key, base };
}
