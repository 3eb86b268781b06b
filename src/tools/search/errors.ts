import type { SearchFailure } from '../../errors/run-error';

/**
 * Typed search failures. `message` is shown to the user as is, so it names the provider, says what went
 * wrong in plain words and, where the user can fix it, where to do so. Messages never include API keys or
 * request URLs (Google's carries the key).
 */

import type { RedirectRefusal } from '../../security/redirect-hops';

export type SearchErrorKind =
  | 'unauthorized'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'blocked'
  | 'malformed'
  | 'config'
  /** The provider answered with a redirect, which is not followed (src/security/redirect-hops.ts). */
  | 'redirected';

export interface SearchErrorDetails {
  status?: number;
  /** From a Retry-After header given in seconds. */
  retryAfterMs?: number;
  cause?: unknown;
  /** What the panel words (see failureInfo for the default from kind and status). */
  info?: SearchFailure;
}

export class SearchError extends Error {
  override readonly name = 'SearchError';
  readonly kind: SearchErrorKind;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly info: SearchFailure | undefined;

  constructor(kind: SearchErrorKind, message: string, details: SearchErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.info = details.info;
  }
}

/**
 * The failure as data for the panel: what the error carries, or what its kind and status say. The
 * message stays English: it is what the model reads in the tool response.
 */
export function failureInfo(error: SearchError, provider: string): SearchFailure {
  if (error.info) return error.info;
  const status = error.status ?? 0;
  switch (error.kind) {
    case 'unauthorized':
      return { code: 'search-key-rejected', params: { provider, status } };
    case 'blocked':
      return { code: 'search-blocked', params: { provider, status } };
    case 'rate-limited':
      return QUOTA_STATUSES.has(status)
        ? { code: 'search-quota-used', params: { provider, status } }
        : { code: 'search-rate-limited', params: { provider, status } };
    case 'server':
      return { code: 'search-server-error', params: { provider, status } };
    case 'timeout':
      return { code: 'search-timeout', params: { provider, host: '', reach: 'public' } };
    case 'network':
      return {
        code: 'search-unreachable',
        params: { provider, host: '', reach: 'public', cause: 'unknown' },
      };
    case 'malformed':
      return { code: 'search-malformed', params: { provider } };
    case 'redirected':
      return { code: 'search-redirected', params: { provider, to: '', how: 'hidden' } };
    case 'config':
      return error.status
        ? { code: 'search-rejected', params: { provider, status } }
        : { code: 'search-needs-setting', params: { provider, setting: 'other' } };
  }
}

// 402 and Tavily's 432/433 mean the plan's quota is used up.
const QUOTA_STATUSES = new Set([402, 432, 433]);

export function isSearchError(value: unknown): value is SearchError {
  return value instanceof SearchError;
}

const SETTINGS_HINT = 'Check it in Options → Search.';

/** Default mapping from an HTTP status to a typed error; providers may override specific cases. */
export function errorForStatus(
  label: string,
  status: number,
  opts: { needsKey: boolean; retryAfterMs?: number },
): SearchError {
  const details: SearchErrorDetails = { status };
  if (opts.retryAfterMs !== undefined) details.retryAfterMs = opts.retryAfterMs;
  if ((status === 401 || status === 403) && opts.needsKey) {
    return new SearchError(
      'unauthorized',
      `${label} rejected the API key (${status}). Check the key in Options → Search.`,
      details,
    );
  }
  if (status === 401 || status === 403) {
    return new SearchError(
      'blocked',
      `${label} refused the request (${status}); it may be blocking automated searches.`,
      details,
    );
  }
  if (status === 429) {
    return new SearchError(
      'rate-limited',
      `${label} says too many searches were made (429); pausing it for a while.`,
      details,
    );
  }
  // 402 and Tavily's 432/433 mean the plan's quota is used up.
  if (status === 402 || status === 432 || status === 433) {
    return new SearchError(
      'rate-limited',
      `${label} says the plan's search quota is used up (${status}).`,
      details,
    );
  }
  if (status >= 500) {
    return new SearchError('server', `${label} had a server error (${status}); trying again later.`, details);
  }
  return new SearchError(
    'config',
    `${label} did not accept the request (HTTP ${status}). ${SETTINGS_HINT}`,
    details,
  );
}

/** A redirect the provider sent and Sleuth did not follow: where to, when it could be read. */
export function redirected(label: string, refusal: RedirectRefusal, cause?: unknown): SearchError {
  const why =
    refusal.code === 'redirect-refused'
      ? `to ${new URL(refusal.to).host}, which Sleuth does not send searches to (${refusal.reason})`
      : refusal.code === 'too-many-redirects'
        ? `${refusal.hops} times`
        : 'to another address';
  return new SearchError(
    'redirected',
    `${label} redirected the search ${why}; Sleuth does not follow a search provider's redirects. Set the address it answers at in Options → Search.`,
    {
      cause,
      info: {
        code: 'search-redirected',
        params: {
          provider: label,
          to: refusal.code === 'redirect-refused' ? new URL(refusal.to).host : '',
          how:
            refusal.code === 'redirect-refused'
              ? 'refused'
              : refusal.code === 'too-many-redirects'
                ? 'too-many'
                : 'hidden',
        },
      },
    },
  );
}

export function missingSetting(label: string, what: string): SearchError {
  const setting = /api key/i.test(what) ? 'api-key' : /url|address/i.test(what) ? 'url' : 'other';
  return new SearchError('config', `${label} needs ${what}. Add it in Options → Search.`, {
    info: { code: 'search-needs-setting', params: { provider: label, setting } },
  });
}

/** The address set for a provider is not an http(s) URL. */
export function badUrl(label: string, message: string): SearchError {
  return new SearchError('config', message, {
    info: { code: 'search-bad-url', params: { provider: label } },
  });
}

export function malformed(label: string, cause?: unknown): SearchError {
  return new SearchError(
    'malformed',
    `${label} sent an answer Sleuth could not read; the service may have changed its format.`,
    { cause },
  );
}
