import { type OpenDbOptions, openDb } from './open-db';
import { createPagesRepo, type PagesRepo } from './pages-repo';
import type { SleuthDb } from './schema';
import { createSearchCacheRepo, type SearchCacheRepo } from './search-cache-repo';
import { createSecretsRepo, type SecretsRepo } from './secrets-repo';
import { createSessionsRepo, type SessionsRepo } from './sessions-repo';
import { createSettingsRepo, type SettingsRepo } from './settings-repo';
import { createStepsRepo, type StepsRepo } from './steps-repo';

export interface OpenStoreOptions extends OpenDbOptions {
  /** Clock in epoch milliseconds; tests inject one to control timestamps and expiry. */
  now?: () => number;
}

export interface Store {
  db: SleuthDb;
  sessions: SessionsRepo;
  steps: StepsRepo;
  pages: PagesRepo;
  searchCache: SearchCacheRepo;
  settings: SettingsRepo;
  secrets: SecretsRepo;
  close(): void;
}

export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  const db = await openDb(options);
  const now = options.now ?? Date.now;
  return {
    db,
    sessions: createSessionsRepo(db, now),
    steps: createStepsRepo(db, now),
    pages: createPagesRepo(db, now),
    searchCache: createSearchCacheRepo(db, now),
    settings: createSettingsRepo(db),
    secrets: createSecretsRepo(db),
    close: () => db.close(),
  };
}
