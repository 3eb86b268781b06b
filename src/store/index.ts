export {
  QUOTA_MESSAGE,
  StoreError,
  type StoreErrorCode,
  toStoreError,
} from './errors';
export type { JsonObject, JsonValue } from './json';
export { MIGRATIONS, type Migration } from './migrations';
export { type CloseReason, type OpenDbOptions, openDb } from './open-db';
export { type OpenStoreOptions, openStore, type Store } from './open-store';
export { isFresh, type PagesRepo } from './pages-repo';
export { estimateUsage, requestPersistence, type StorageManagerLike, type StorageUsage } from './persistence';
export type {
  PageRecord,
  SearchCacheEntry,
  SearchCacheRecord,
  SessionOrigin,
  SessionRecord,
  SessionStatus,
  StepRecord,
  StepStatus,
  StepTimings,
  StepTokens,
} from './records';
export type { SleuthDb, SleuthSchema } from './schema';
export type { SearchCache, SearchCacheRepo } from './search-cache-repo';
export { mask, type SecretsRepo } from './secrets-repo';
export type { ListSessionsOptions, NewSession, SessionPatch, SessionsRepo } from './sessions-repo';
export type { SettingsRepo } from './settings-repo';
export type { StepDonePatch, StepsRepo } from './steps-repo';
