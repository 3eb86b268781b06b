import * as v from 'valibot';
import { fetchHops, hopPolicyFor, isRedirectRefused } from '../../security/redirect-hops';
import { EngineError } from '../engine';
import { redirectError } from '../redirect-error';

/**
 * The model hub's file list: Hugging Face (or a mirror with the same API) answers
 * `GET {base}/api/models/{repo}?blobs=true` with the repo's commit and its files, with sizes and,
 * for LFS files, their SHA-256; files download from `{base}/{repo}/resolve/{revision}/{file}`.
 */

export const DEFAULT_HUB = 'https://huggingface.co';

export interface HubFile {
  name: string;
  size: number;
  sha256?: string;
}

export interface RepoListing {
  repo: string;
  /** Commit the listing describes; downloads pin it so files cannot change half-way. */
  revision: string;
  files: HubFile[];
}

const Sibling = v.object({
  rfilename: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)),
  size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  lfs: v.optional(
    v.object({
      sha256: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
      size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
  ),
});
const ModelInfo = v.object({
  sha: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Za-z._-]{1,100}$/))),
  siblings: v.array(Sibling),
});

const REPO = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

export function isRepoId(repo: string): boolean {
  return REPO.test(repo);
}

function cleanBase(base: string): string {
  return (base.trim() || DEFAULT_HUB).replace(/\/+$/, '');
}

export function resolveUrl(base: string, repo: string, revision: string, file: string): string {
  const path = file
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `${cleanBase(base)}/${repo}/resolve/${encodeURIComponent(revision)}/${path}`;
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Lists a repo's files; every failure is an EngineError that says what to do. */
export async function listRepo(
  base: string,
  repo: string,
  deps: { fetch: FetchLike; signal?: AbortSignal },
): Promise<RepoListing> {
  if (!isRepoId(repo))
    throw new EngineError('not-loaded', `"${repo}" is not a model repo name.`, 'Use the form owner/name.');
  const hub = cleanBase(base);
  const url = `${hub}/api/models/${repo}?blobs=true`;
  let res: Response;
  try {
    res = await fetchHops(
      deps.fetch,
      url,
      { signal: deps.signal ?? null, headers: { accept: 'application/json' } },
      { policy: hopPolicyFor(url) },
    );
  } catch (e) {
    if (deps.signal?.aborted) throw e;
    if (isRedirectRefused(e)) throw redirectError(`the listing of ${repo}`, e.refusal);
    throw new EngineError(
      'offline',
      `Cannot reach the model hub at ${hub} to list ${repo}'s files.`,
      'Check your connection, or set a reachable hub mirror in Options → Model.',
    );
  }
  if (res.status === 404)
    throw new EngineError(
      'download-failed',
      `The hub at ${hub} has no model repo named ${repo} (HTTP 404).`,
      'Check the repo name in Options → Model.',
    );
  if (res.status === 401 || res.status === 403)
    throw new EngineError(
      'unauthorized',
      `The hub at ${hub} refused to list ${repo} (HTTP ${res.status}); the repo may be private or gated.`,
      'Accept the model licence on its page, or use a mirror.',
    );
  if (!res.ok)
    throw new EngineError(
      'server-error',
      `The hub at ${hub} failed to list ${repo} (HTTP ${res.status}).`,
      'Retry in a few minutes.',
    );
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const parsed = v.safeParse(ModelInfo, body);
  if (!parsed.success)
    throw new EngineError(
      'bad-response',
      `The hub at ${hub} answered for ${repo} with something that is not a model file list.`,
      'Check the hub URL in Options → Model.',
    );
  const files = parsed.output.siblings.map((s): HubFile => {
    const size = s.lfs?.size ?? s.size;
    return {
      name: s.rfilename,
      size: size ?? -1,
      ...(s.lfs?.sha256 ? { sha256: s.lfs.sha256 } : {}),
    };
  });
  return { repo, revision: parsed.output.sha ?? 'main', files };
}
