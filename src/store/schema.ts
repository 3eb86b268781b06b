import type { DBSchema, IDBPDatabase } from 'idb';
import type { JsonValue } from './json';
import type { PageRecord, SearchCacheRecord, SessionRecord, SessionStatus, StepRecord } from './records';

export const DEFAULT_DB_NAME = 'sleuth';

/** The current schema (latest migration). Older shapes live only in the migrations. */
export interface SleuthSchema extends DBSchema {
  sessions: {
    key: string;
    value: SessionRecord;
    indexes: { 'by-updated': number; 'by-status': SessionStatus };
  };
  steps: {
    key: [string, number];
    value: StepRecord;
    indexes: { 'by-session': string };
  };
  pages: { key: string; value: PageRecord };
  searchCache: {
    key: string;
    value: SearchCacheRecord;
    indexes: { 'by-expires': number };
  };
  settings: { key: string; value: JsonValue };
  secrets: { key: string; value: string };
}

export type SleuthDb = IDBPDatabase<SleuthSchema>;
