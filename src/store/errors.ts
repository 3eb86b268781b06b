export type StoreErrorCode = 'quota' | 'unavailable' | 'unknown';

export const QUOTA_MESSAGE =
  'Sleuth ran out of storage space. Delete old sessions in History or free disk space; nothing saved earlier was lost.';

export const UNAVAILABLE_MESSAGE =
  'Sleuth cannot open its storage (IndexedDB is unavailable here, for example in a private window).';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

// Browsers disagree on how quota failures look: Chrome/Safari use the DOMException name, old
// Firefox used its own name, and code 22 is the legacy QUOTA_EXCEEDED_ERR.
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
const LEGACY_QUOTA_CODE = 22;

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * True when the failure, or anything it wraps, is a quota failure. A quota problem usually shows up
 * as a transaction abort whose `error` (or a wrapper's `inner`/`cause`) holds the real reason.
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const name = field(error, 'name');
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  if (error instanceof DOMException && error.code === LEGACY_QUOTA_CODE) return true;
  return ['inner', 'cause', 'error'].some((key) => {
    const nested = field(error, key);
    return nested !== error && isQuotaError(nested, depth + 1);
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return error.message || error.name;
  if (typeof error === 'string') return error;
  const message = field(error, 'message');
  return typeof message === 'string' ? message : String(error);
}

/** Maps any storage failure to a StoreError the UI can show as is. */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (isQuotaError(error)) return new StoreError('quota', QUOTA_MESSAGE, { cause: error });
  return new StoreError('unknown', messageOf(error), { cause: error });
}

/** Runs a storage operation so callers only ever see StoreError. */
export async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toStoreError(error);
  }
}
