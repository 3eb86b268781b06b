import { abortError } from '../abort';
import { type FetchLike, listRepo, type RepoListing } from './hub-client';

export type ListRepo = (
  base: string,
  repo: string,
  deps: { fetch: FetchLike; signal?: AbortSignal },
) => Promise<RepoListing>;

/**
 * The hub's file list for a repo, asked for once and shared. A run start chooses the engine twice
 * (the runner looks up the model's profile, then the engine host loads), and the side panel asks
 * for the plan as it opens: without sharing, a model not yet stored cost one identical hub request
 * each. A list is kept `ttlMs` (default 60 s) so a later choice still sees the hub as it is now; a
 * failed request is dropped at once, so the next choice asks again (the hub may be back).
 */
export function createListingCache(opts: { now: () => number; ttlMs?: number; list?: ListRepo }): ListRepo {
  const ttl = opts.ttlMs ?? 60_000;
  const list = opts.list ?? listRepo;
  const kept = new Map<string, { at: number; listing: Promise<RepoListing> }>();
  return (base, repo, deps) => {
    const key = `${base}\n${repo}`;
    const hit = kept.get(key);
    let listing: Promise<RepoListing>;
    if (hit && opts.now() - hit.at < ttl) {
      listing = hit.listing;
    } else {
      // Shared by callers with different signals, so it runs without one; each caller may still stop waiting.
      listing = list(base, repo, { fetch: deps.fetch });
      const entry = { at: opts.now(), listing };
      kept.set(key, entry);
      listing.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
    }
    return untilAborted(listing, deps.signal);
  };
}

function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(abortError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
