/**
 * Ordered failover over the configured providers, with a result cache and per-provider backoff.
 * A provider that fails (rate limit, server error, timeout, captcha, bad key…) hands the query to the next
 * one and is paused; a paused provider is skipped until its time passes. A user abort is never turned into
 * a failover: it propagates as is.
 */

import type { SearchFailure } from '../../errors/run-error';
import type { ProviderId } from '../../settings/provider-ids';
import { type BackoffPolicy, type BackoffState, DEFAULT_BACKOFF, isBackedOff, nextBackoff } from './backoff';
import { cacheKey, DEFAULT_CACHE_TTL_MS, type SearchCache } from './cache';
import { failureInfo, isSearchError, SearchError, type SearchErrorKind } from './errors';
import { isTimeout } from './http';
import { effectiveLocale } from './locale';
import type { SearchHit, SearchOptions, SearchProvider } from './types';

export interface Clock {
  now(): number;
}

export interface SearchChainOptions {
  clock: Clock;
  cache?: SearchCache;
  /** Per provider attempt. */
  timeoutMs: number;
  cacheTtlMs?: number;
  backoff?: Partial<BackoffPolicy>;
}

export interface ChainResult {
  hits: SearchHit[];
  provider: ProviderId;
  fromCache: boolean;
}

export interface ProviderFailure {
  provider: ProviderId;
  label: string;
  kind: SearchErrorKind;
  /** True when the provider was not asked because it was still paused. */
  skipped: boolean;
  message: string;
  /** The failure as data, for the panel's words. */
  info: SearchFailure;
}

export interface ProviderStatus {
  provider: ProviderId;
  label: string;
  pausedUntil: number | undefined;
  lastMessage: string | undefined;
}

export interface SearchChain {
  search(query: string, opts?: SearchOptions): Promise<ChainResult>;
  status(): ProviderStatus[];
  /** Forget pauses, e.g. after the user changed search settings. */
  resetBackoff(provider?: ProviderId): void;
}

/** Every provider failed or was paused. `message` names each one and why. */
export class SearchChainError extends Error {
  override readonly name = 'SearchChainError';
  readonly failures: ProviderFailure[];
  /** Earliest time (clock ms) a paused provider may be asked again. */
  readonly retryAt: number | undefined;

  /** The first provider's failure (or that none is set up), for the panel's words. */
  readonly info: SearchFailure;

  constructor(message: string, failures: ProviderFailure[], retryAt: number | undefined) {
    super(message);
    this.failures = failures;
    this.retryAt = retryAt;
    this.info = firstFailure(failures);
  }
}

const KIND_WORDS: Readonly<Record<SearchErrorKind, string>> = {
  unauthorized: 'API key rejected',
  'rate-limited': 'too many searches',
  server: 'server errors',
  timeout: 'too slow to answer',
  network: 'could not be reached',
  blocked: 'bot check',
  malformed: 'unreadable answer',
  config: 'settings need attention',
  redirected: 'redirected elsewhere',
};

/** The result cache, when there is one; it only saves time, so a broken one never stops searching. */
function resultCache(options: SearchChainOptions) {
  const { cache, clock } = options;
  const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  return {
    async read(key: string) {
      if (!cache) return undefined;
      try {
        const entry = await cache.get(key);
        return entry && entry.expiresAt > clock.now() ? entry : undefined;
      } catch {
        return undefined;
      }
    },
    async write(key: string, hits: SearchHit[], provider: ProviderId) {
      if (!cache || hits.length === 0) return;
      const storedAt = clock.now();
      await cache.put(key, { hits, provider, storedAt, expiresAt: storedAt + ttl }).catch(() => undefined);
    },
  };
}

function attempt(
  provider: SearchProvider,
  query: string,
  locale: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const opts: SearchOptions = locale === undefined ? { signal: combined } : { signal: combined, locale };
  return raceAbort(provider.search(query, opts), combined, provider.label);
}

/** A provider not asked because it is still paused. */
function pausedFailure(provider: SearchProvider, state: BackoffState, now: number): ProviderFailure {
  const wait = formatWait(state.until - now);
  return {
    provider: provider.id,
    label: provider.label,
    kind: state.lastKind,
    skipped: true,
    message: `${provider.label} is paused for another ${wait} (${KIND_WORDS[state.lastKind]}).`,
    info: {
      code: 'search-paused',
      params: {
        provider: provider.label,
        seconds: Math.max(1, Math.ceil((state.until - now) / 1000)),
        after: state.lastKind,
      },
    },
  };
}

function providerStatus(
  providers: readonly SearchProvider[],
  pauses: ReadonlyMap<ProviderId, BackoffState>,
  now: number,
): ProviderStatus[] {
  return providers.map((p) => {
    const state = pauses.get(p.id);
    return {
      provider: p.id,
      label: p.label,
      pausedUntil: state && state.until > now ? state.until : undefined,
      lastMessage: state?.lastMessage,
    };
  });
}

export function createSearchChain(
  providers: readonly SearchProvider[],
  options: SearchChainOptions,
): SearchChain {
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...options.backoff };
  const { clock } = options;
  const cache = resultCache(options);
  const pauses = new Map<ProviderId, BackoffState>();

  /** Each provider in turn until one answers; the failures otherwise, with when to try again. */
  async function failover(q: string, locale: string | undefined, key: string, signal?: AbortSignal) {
    const failures: ProviderFailure[] = [];
    for (const provider of providers) {
      const state = pauses.get(provider.id);
      if (state && isBackedOff(state, clock.now())) {
        failures.push(pausedFailure(provider, state, clock.now()));
        continue;
      }
      try {
        const hits = await attempt(provider, q, locale, options.timeoutMs, signal);
        pauses.delete(provider.id);
        await cache.write(key, hits, provider.id);
        return { hits, provider: provider.id, fromCache: false };
      } catch (err) {
        if (signal?.aborted) throw signal.reason ?? err;
        const error = toSearchError(provider.label, err);
        pauses.set(provider.id, nextBackoff(state, error, clock.now(), policy));
        failures.push({
          provider: provider.id,
          label: provider.label,
          kind: error.kind,
          skipped: false,
          message: error.message,
          info: failureInfo(error, provider.label),
        });
      }
    }
    const untils = providers.flatMap((p) => pauses.get(p.id)?.until ?? []);
    const retryAt = untils.length > 0 ? Math.min(...untils) : undefined;
    const summary = failures.map((f) => f.message).join(' ');
    throw new SearchChainError(`No search provider could answer. ${summary}`, failures, retryAt);
  }

  return {
    async search(query, opts = {}) {
      const { signal } = opts;
      signal?.throwIfAborted();
      const q = query.trim();
      if (q === '')
        throw new SearchError('config', 'The search query is empty.', {
          info: { code: 'search-empty-query', params: {} },
        });
      if (providers.length === 0) {
        throw new SearchChainError(
          'No search provider is set up. Choose one in Options → Search.',
          [],
          undefined,
        );
      }
      const locale = effectiveLocale(q, opts.locale);
      const key = cacheKey(q, locale);
      const cached = await cache.read(key);
      if (cached) return { hits: cached.hits, provider: cached.provider, fromCache: true };
      return failover(q, locale, key, signal);
    },

    status: () => providerStatus(providers, pauses, clock.now()),

    resetBackoff(provider) {
      if (provider) pauses.delete(provider);
      else pauses.clear();
    },
  };
}

function toSearchError(label: string, err: unknown): SearchError {
  if (isSearchError(err)) return err;
  // A provider that throws something untyped has a bug or met a page it cannot handle.
  return new SearchError('malformed', `${label} failed unexpectedly.`, { cause: err });
}

/** Settles with the promise, or rejects as soon as the signal aborts even if the provider ignores it. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, label: string): Promise<T> {
  const abortError = () =>
    isTimeout(signal.reason)
      ? new SearchError('timeout', `${label} took too long to answer.`, { cause: signal.reason })
      : signal.reason;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** What the panel words for a failed search: the chain's first reason, or the provider's own. */
export function searchFailureOf(err: unknown): SearchFailure | undefined {
  if (err instanceof SearchChainError) return err.info;
  return isSearchError(err) ? err.info : undefined;
}

/** A paused provider says less than one that was asked and failed: prefer the latter's reason. */
function firstFailure(failures: readonly ProviderFailure[]): SearchFailure {
  const asked = failures.find((f) => !f.skipped) ?? failures[0];
  return asked?.info ?? { code: 'search-none-set-up', params: {} };
}

function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}
