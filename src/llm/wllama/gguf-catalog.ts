/**
 * GGUF models by repo. The catalog names Hugging Face repos, never files: the files (and their
 * sizes and checksums) come from the hub's API when a model is chosen, and the quantisation is
 * picked for the device (src/llm/hub/quant-choice.ts).
 *
 * A model id is a catalog id, `hf:{owner}/{repo}` (pick the quantisation), `hf:{owner}/{repo}/{file}`
 * (that file, or the shard set it starts), or a plain https:/http: URL of one GGUF file.
 */

export interface GgufCatalogEntry {
  id: string;
  label: string;
  repo: string;
  /** The model was trained on the DR-Venus protocol. */
  profile: 'dr-venus' | 'general';
  /** Approximate Q4_K_M download, for the UI before the hub has answered. */
  approxBytes: number;
  /** Approximate smallest quantisation offered, to rule the model out without asking the hub. */
  minBytes: number;
  /** KV cache bytes per token of context at f16 (layers × KV heads × head size × 2 × 2). */
  kvBytesPerToken: number;
  /** Context length the model was trained with (upper bound for n_ctx). */
  trainedContext: number;
}

/** Qwen3-4B's shape: 36 layers, 8 KV heads of 128. */
const QWEN3_4B_KV = 36 * 8 * 128 * 2 * 2;

export const GGUF_CATALOG: readonly GgufCatalogEntry[] = [
  {
    // Linked as the official GGUF release from inclusionAI's IGPO README (DR-Venus models section).
    id: 'dr-venus-4b-rl',
    label: 'DR-Venus 4B RL',
    repo: 'inclusionAI/DR-Venus-4B-RL-GGUF',
    profile: 'dr-venus',
    approxBytes: 2_500_000_000,
    minBytes: 1_600_000_000,
    kvBytesPerToken: QWEN3_4B_KV,
    trainedContext: 262_144,
  },
];

export const DEFAULT_GGUF = GGUF_CATALOG[0] as GgufCatalogEntry;

/** A 4B-class guess for repos the catalog does not know; only used to estimate memory. */
export const UNKNOWN_KV_BYTES_PER_TOKEN = QWEN3_4B_KV;

export type GgufModelRef =
  | { kind: 'catalog'; entry: GgufCatalogEntry }
  | { kind: 'repo'; repo: string; file?: string }
  | { kind: 'url'; url: string };

const REPO_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/** What a model id names, or null when it is none of the accepted forms. */
export function parseGgufModelId(
  modelId: string,
  catalog: readonly GgufCatalogEntry[] = GGUF_CATALOG,
): GgufModelRef | null {
  const id = modelId.trim();
  const entry = catalog.find((e) => e.id === id);
  if (entry) return { kind: 'catalog', entry };
  if (id.startsWith('hf:')) {
    const [owner = '', name = '', ...rest] = id.slice(3).split('/');
    if (!REPO_PART.test(owner) || !REPO_PART.test(name)) return null;
    const file = rest.join('/');
    if (rest.length && (!/\.gguf$/i.test(file) || rest.some((p) => p === '' || p === '..'))) return null;
    return { kind: 'repo', repo: `${owner}/${name}`, ...(file ? { file } : {}) };
  }
  try {
    const url = new URL(id);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { kind: 'url', url: url.href } : null;
  } catch {
    return null;
  }
}

/** The catalog entry for a repo, when the catalog knows it. */
export function catalogEntryForRepo(repo: string): GgufCatalogEntry | undefined {
  return GGUF_CATALOG.find((e) => e.repo.toLowerCase() === repo.toLowerCase());
}

/**
 * A short name for a GGUF model id, for places with room for a name but not an address (the panel's
 * model picker): the catalog label, the file name of a URL or hub file, the repo, or the host when the
 * address has no file name. Null when the id is none of the accepted forms.
 */
export function ggufModelName(modelId: string): string | null {
  const ref = parseGgufModelId(modelId);
  if (!ref) return null;
  if (ref.kind === 'catalog') return ref.entry.label;
  if (ref.kind === 'repo') return ref.file?.split('/').at(-1) || ref.repo;
  const url = new URL(ref.url);
  const file = url.pathname.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(file) || url.host;
  } catch {
    // A stray % that is not an escape: the name as written is still better than the address.
    return file;
  }
}
