import type { SleuthDb } from './schema';
import { inTransaction } from './tx';

/**
 * API keys and tokens. Deliberately has no list or export method: secrets are read one by one by
 * the code that needs them and never reach exports, logs or the model.
 */
export interface SecretsRepo {
  get(key: string): Promise<string | undefined>;
  set(key: string, secret: string): Promise<void>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

const MASK = '••••';
// Below this length the last four characters would be too large a share of the secret.
const MIN_LENGTH_TO_SHOW_TAIL = 8;

/** For display: only the last 4 characters, and none at all for short secrets. */
export function mask(secret: string): string {
  if (secret.length < MIN_LENGTH_TO_SHOW_TAIL) return MASK;
  return `${MASK}${secret.slice(-4)}`;
}

export function createSecretsRepo(db: SleuthDb): SecretsRepo {
  return {
    get(key) {
      return inTransaction(db, ['secrets'], 'readonly', async (tx) => {
        const value: unknown = await tx.objectStore('secrets').get(key);
        return typeof value === 'string' ? value : undefined;
      });
    },

    async set(key, secret) {
      await inTransaction(db, ['secrets'], 'readwrite', (tx) => tx.objectStore('secrets').put(secret, key));
    },

    async delete(key) {
      await inTransaction(db, ['secrets'], 'readwrite', (tx) => tx.objectStore('secrets').delete(key));
    },

    has(key) {
      return inTransaction(
        db,
        ['secrets'],
        'readonly',
        async (tx) => (await tx.objectStore('secrets').count(key)) > 0,
      );
    },
  };
}
