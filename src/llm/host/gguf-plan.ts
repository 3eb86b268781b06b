import { profileForModelName } from '../../profiles/profiles';
import type { Settings } from '../../settings/schema';
import type { DownloadRequest } from '../download/download-job';
import { folderFor, type ModelLibrary, type StoredModel } from '../download/model-library';
import { probeSize } from '../download/range-fetch';
import { EngineError } from '../engine';
import { type GgufVariant, ggufVariants } from '../hub/gguf-variants';
import { type FetchLike, listRepo, resolveUrl } from '../hub/hub-client';
import type { ListRepo } from '../hub/listing-cache';
import { chooseQuant, deviceBudget, neededBytes } from '../hub/quant-choice';
import { formatBytes } from '../progress-stats';
import type { WebGpuProbe } from '../webgpu-probe';
import { catalogEntryForRepo, type GgufModelRef, UNKNOWN_KV_BYTES_PER_TOKEN } from '../wllama/gguf-catalog';

/**
 * Turns a GGUF model id into what to load: a stored, complete download (nothing to fetch), or the
 * files to download — listed by the hub's API, with the quantisation chosen for this device —
 * and the reason for the choice, in words.
 */

export interface GgufPlan {
  folder: string;
  label: string;
  profile: 'dr-venus' | 'general';
  reason: string;
  totalBytes: number;
  /** Bytes still to download; 0 when the model is stored complete. */
  downloadBytes: number;
  /** null when nothing needs downloading. */
  request: DownloadRequest | null;
}

export interface GgufPlanDeps {
  library: ModelLibrary;
  fetch: FetchLike;
  probe(): Promise<WebGpuProbe>;
  signal?: AbortSignal;
  /** The hub's file list for a repo (default: ask the hub each time; the chooser shares one). */
  listRepo?: ListRepo;
}

const MiB = 1024 * 1024;
const baseName = (path: string) => path.split('/').at(-1) ?? path;

export function shardBytesOf(s: Settings): number {
  return Math.floor(s.ggufShardMb * MiB);
}

function fromStored(m: StoredModel, reason: string, profile: GgufPlan['profile']): GgufPlan {
  return {
    folder: m.folder,
    label: m.label,
    profile,
    reason,
    totalBytes: m.totalBytes,
    downloadBytes: 0,
    request: null,
  };
}

function pickVariant(variants: GgufVariant[], file: string, repo: string): GgufVariant {
  const v = variants.find((x) => x.files.some((f) => f.name === file));
  if (!v)
    throw new EngineError(
      'download-failed',
      `${repo} has no GGUF file named ${file}.`,
      'Check the file name in Options → Model, or give just the repo to pick a file automatically.',
    );
  return v;
}

/** The file asked for, else the largest quantisation that fits the device (or the one preferred). */
function chooseVariant(
  variants: GgufVariant[],
  c: {
    repo: string;
    name: string;
    file: string | undefined;
    wantQuant: string;
    kv: number;
    budget: ReturnType<typeof deviceBudget>;
  },
  s: Settings,
): { variant: GgufVariant; reason: string } {
  const { budget } = c;
  if (c.file) {
    const variant = pickVariant(variants, c.file, c.repo);
    const need = neededBytes(variant, c.kv, s.contextWindow);
    const reason = `${baseName(c.file)}, as set; needs about ${formatBytes(need)} with a ${s.contextWindow}-token window, and ${budget.source} allows about ${formatBytes(budget.bytes)}.`;
    return { variant, reason };
  }
  const choice = chooseQuant(variants, budget, {
    kvBytesPerToken: c.kv,
    contextWindow: s.contextWindow,
    ...(c.wantQuant ? { preferred: c.wantQuant } : {}),
  });
  if (!choice.variant)
    throw new EngineError(
      'out-of-memory',
      `${c.name} does not fit this device. ${choice.reason}`,
      'Choose a smaller context window, or run the model on a server (Options → Model).',
    );
  return { variant: choice.variant, reason: choice.reason };
}

/** The hub files of a variant to download into `folder`; one big file is split into llama.cpp shards. */
function downloadRequest(
  variant: GgufVariant,
  at: { folder: string; label: string; source: Extract<DownloadRequest['source'], { kind: 'hub' }> },
  s: Settings,
): DownloadRequest {
  const single = variant.files.length === 1 ? variant.files[0] : undefined;
  const shardBytes = shardBytesOf(s);
  return {
    ...at,
    files: variant.files.map((f) => ({
      name: f.name,
      size: f.size,
      ...(f.sha256 ? { sha256: f.sha256 } : {}),
    })),
    urls: variant.files.map((f) => resolveUrl(s.hubUrl, at.source.repo, at.source.revision, f.name)),
    splitBytes: single && single.size > shardBytes ? shardBytes : null,
  };
}

async function planRepo(
  repo: string,
  file: string | undefined,
  s: Settings,
  d: GgufPlanDeps,
): Promise<GgufPlan> {
  const entry = catalogEntryForRepo(repo);
  const profile = entry?.profile ?? profileForModelName(repo);
  const name = entry?.label ?? repo;
  const wantQuant = s.ggufQuant.trim().toUpperCase();
  const stored = (await d.library.list()).filter(
    (m) =>
      m.complete &&
      m.source.kind === 'hub' &&
      m.source.repo === repo &&
      (file ? m.files.includes(file) : !wantQuant || m.source.quant === wantQuant),
  );
  const ready = stored[0];
  if (ready)
    return fromStored(
      ready,
      `${ready.label}, downloaded earlier (${formatBytes(ready.totalBytes)}).`,
      profile,
    );

  const listing = await (d.listRepo ?? listRepo)(s.hubUrl, repo, {
    fetch: d.fetch,
    ...(d.signal ? { signal: d.signal } : {}),
  });
  const variants = ggufVariants(listing.files);
  if (variants.length === 0)
    throw new EngineError(
      'download-failed',
      `${repo} has no GGUF files.`,
      'Choose another model in Options → Model.',
    );
  const budget = deviceBudget(await d.probe());
  const kv = entry?.kvBytesPerToken ?? UNKNOWN_KV_BYTES_PER_TOKEN;
  const { variant, reason } = chooseVariant(variants, { repo, name, file, wantQuant, kv, budget }, s);
  const label = `${name} ${variant.quant}`;
  const source = { kind: 'hub' as const, repo, revision: listing.revision, quant: variant.quant };
  const folder = folderFor(source);
  const request = downloadRequest(variant, { folder, label, source }, s);
  const partial = (await d.library.get(folder)) ?? null;
  const done =
    partial && !partial.complete && partial.totalBytes === variant.totalBytes ? partial.doneBytes : 0;
  return {
    folder,
    label,
    profile,
    reason,
    totalBytes: variant.totalBytes,
    downloadBytes: variant.totalBytes - done,
    request,
  };
}

async function planUrl(url: string, s: Settings, d: GgufPlanDeps): Promise<GgufPlan> {
  const source = { kind: 'url' as const, url };
  const folder = folderFor(source);
  const name = baseName(new URL(url).pathname) || 'model.gguf';
  const profile = profileForModelName(url);
  const stored = await d.library.get(folder);
  if (stored?.complete) return fromStored(stored, `${name}, downloaded earlier.`, profile);
  const size = await probeSize(url, { fetch: d.fetch, signal: d.signal ?? new AbortController().signal });
  const shardBytes = shardBytesOf(s);
  const done = stored && stored.totalBytes === size ? stored.doneBytes : 0;
  return {
    folder,
    label: name,
    profile,
    reason: `${name} from ${new URL(url).host}, as set (${formatBytes(size)}).`,
    totalBytes: size,
    downloadBytes: size - done,
    request: {
      folder,
      label: name,
      source,
      files: [{ name, size }],
      urls: [url],
      splitBytes: size > shardBytes ? shardBytes : null,
    },
  };
}

export function planGguf(ref: GgufModelRef, s: Settings, d: GgufPlanDeps): Promise<GgufPlan> {
  if (ref.kind === 'url') return planUrl(ref.url, s, d);
  if (ref.kind === 'catalog') return planRepo(ref.entry.repo, undefined, s, d);
  return planRepo(ref.repo, ref.file, s, d);
}
