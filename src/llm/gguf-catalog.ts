/**
 * GGUF models the wllama engine can load by id. A model id is either a catalog id, `hf:{repo}/{file}`,
 * or a plain URL (https:, http:, blob:, chrome-extension:).
 *
 * NOTE: the DR-Venus file names below follow the usual `{model}-Q4_K_M.gguf` convention; they were
 * not confirmed against the Hugging Face repos from this machine (no network). Check the repos'
 * "Files" tab and fix `file` if a download 404s.
 */

export interface GgufCatalogEntry {
  id: string;
  label: string;
  repo: string;
  file: string;
  /** Approximate download size, for the UI. */
  approxBytes: number;
  /** Context length the model was trained with (upper bound for n_ctx). */
  trainedContext: number;
}

export const GGUF_CATALOG: readonly GgufCatalogEntry[] = [
  {
    id: 'dr-venus-4b-rl-q4_k_m',
    label: 'DR-Venus 4B RL (Q4_K_M, GGUF)',
    repo: 'inclusionAI/DR-Venus-4B-RL-GGUF',
    file: 'DR-Venus-4B-RL-Q4_K_M.gguf',
    approxBytes: 2_500_000_000,
    trainedContext: 262_144,
  },
  {
    id: 'dr-venus-4b-sft-q4_k_m',
    label: 'DR-Venus 4B SFT (Q4_K_M, GGUF)',
    repo: 'inclusionAI/DR-Venus-4B-SFT-GGUF',
    file: 'DR-Venus-4B-SFT-Q4_K_M.gguf',
    approxBytes: 2_500_000_000,
    trainedContext: 262_144,
  },
];

export function huggingFaceUrl(repo: string, file: string, revision = 'main'): string {
  const path = file
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `https://huggingface.co/${repo}/resolve/${encodeURIComponent(revision)}/${path}`;
}

const URL_SCHEMES = ['https:', 'http:', 'blob:', 'chrome-extension:', 'moz-extension:'];

/** The download URL for a model id, or null when the id is neither in the catalog nor a URL. */
export function resolveGgufUrl(
  modelId: string,
  catalog: readonly GgufCatalogEntry[] = GGUF_CATALOG,
): string | null {
  const entry = catalog.find((e) => e.id === modelId);
  if (entry) return huggingFaceUrl(entry.repo, entry.file);
  if (modelId.startsWith('hf:')) {
    const rest = modelId.slice(3);
    const parts = rest.split('/');
    if (parts.length < 3 || parts.some((p) => p === '')) return null;
    return huggingFaceUrl(`${parts[0]}/${parts[1]}`, parts.slice(2).join('/'));
  }
  try {
    const url = new URL(modelId);
    return URL_SCHEMES.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
