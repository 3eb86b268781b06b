import { readAs, sessionRecordSchema } from './record-schemas';
import type { SessionRecord, SessionStatus } from './records';
import type { SleuthDb } from './schema';
import { inTransaction } from './tx';

export type NewSession = Omit<SessionRecord, 'id' | 'status' | 'createdAt' | 'updatedAt'> &
  Partial<Pick<SessionRecord, 'id' | 'status' | 'createdAt' | 'updatedAt'>>;

export type SessionPatch = Partial<Omit<SessionRecord, 'id' | 'createdAt'>>;

export interface ListSessionsOptions {
  /** Most sessions returned; default 50. */
  limit?: number;
  /** Words that must all appear (case-insensitively) in the question or the answer. */
  query?: string;
  /** Leave out the extra attempts of several-attempt runs (sessions with a parentId). */
  topLevel?: boolean;
}

export interface SessionsRepo {
  create(input: NewSession): Promise<SessionRecord>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** Merges `patch` and bumps `updatedAt`; undefined when the session does not exist. */
  patch(id: string, patch: SessionPatch): Promise<SessionRecord | undefined>;
  listNewestFirst(options?: ListSessionsOptions): Promise<SessionRecord[]>;
  listByStatus(status: SessionStatus): Promise<SessionRecord[]>;
  /** The extra attempts of a several-attempt run, by attempt number. */
  listChildren(parentId: string): Promise<SessionRecord[]>;
  /** Deletes the session and all its steps, in one transaction. */
  delete(id: string): Promise<void>;
  /** Deletes every session and step (pages, cache, settings and secrets are kept). */
  clearAll(): Promise<void>;
}

const DEFAULT_LIMIT = 50;

function matcher(query: string | undefined): (session: SessionRecord) => boolean {
  const terms = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return () => true;
  return (session) => {
    const text = `${session.question}\n${session.answer ?? ''}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  };
}

/** Newest first by last update, those matching the query, at most `limit`; read by cursor to stop early. */
function listNewestFirst(
  db: SleuthDb,
  { limit = DEFAULT_LIMIT, query, topLevel = false }: ListSessionsOptions = {},
): Promise<SessionRecord[]> {
  const words = matcher(query);
  const matches = (s: SessionRecord) => words(s) && !(topLevel && s.parentId !== undefined);
  return inTransaction(db, ['sessions'], 'readonly', async (tx) => {
    const found: SessionRecord[] = [];
    if (limit <= 0) return found;
    let cursor = await tx.objectStore('sessions').index('by-updated').openCursor(null, 'prev');
    while (cursor) {
      const session = readAs(sessionRecordSchema, cursor.value);
      if (session && matches(session)) {
        found.push(session);
        if (found.length >= limit) break;
      }
      cursor = await cursor.continue();
    }
    return found;
  });
}

function deleteSession(db: SleuthDb, id: string): Promise<void> {
  return inTransaction(db, ['sessions', 'steps'], 'readwrite', async (tx) => {
    await tx.objectStore('sessions').delete(id);
    let cursor = await tx.objectStore('steps').index('by-session').openCursor(id);
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  });
}

export function createSessionsRepo(db: SleuthDb, now: () => number): SessionsRepo {
  return {
    async create(input) {
      const time = now();
      const record: SessionRecord = {
        ...input,
        id: input.id ?? crypto.randomUUID(),
        status: input.status ?? 'running',
        createdAt: input.createdAt ?? time,
        updatedAt: input.updatedAt ?? time,
      };
      // add, not put: a reused id must fail loudly rather than overwrite another session.
      await inTransaction(db, ['sessions'], 'readwrite', (tx) => tx.objectStore('sessions').add(record));
      return record;
    },

    get(id) {
      return inTransaction(db, ['sessions'], 'readonly', async (tx) =>
        readAs(sessionRecordSchema, await tx.objectStore('sessions').get(id)),
      );
    },

    patch(id, patch) {
      return inTransaction(db, ['sessions'], 'readwrite', async (tx) => {
        const store = tx.objectStore('sessions');
        const current = readAs(sessionRecordSchema, await store.get(id));
        if (!current) return undefined;
        const next: SessionRecord = { ...current, ...patch, id, updatedAt: patch.updatedAt ?? now() };
        await store.put(next);
        return next;
      });
    },

    listNewestFirst: (options) => listNewestFirst(db, options),

    listByStatus(status) {
      return inTransaction(db, ['sessions'], 'readonly', async (tx) => {
        const all = await tx.objectStore('sessions').index('by-status').getAll(status);
        return all
          .map((value) => readAs(sessionRecordSchema, value))
          .filter((session): session is SessionRecord => session !== undefined)
          .sort((a, b) => b.updatedAt - a.updatedAt);
      });
    },

    listChildren(parentId) {
      // A scan: children are few and this runs once per vote or delete, not per render.
      return inTransaction(db, ['sessions'], 'readonly', async (tx) => {
        const all = await tx.objectStore('sessions').getAll();
        return all
          .map((value) => readAs(sessionRecordSchema, value))
          .filter((s): s is SessionRecord => s?.parentId === parentId)
          .sort((a, b) => (a.attempt ?? 0) - (b.attempt ?? 0));
      });
    },

    delete: (id) => deleteSession(db, id),

    clearAll() {
      return inTransaction(db, ['sessions', 'steps'], 'readwrite', async (tx) => {
        await Promise.all([tx.objectStore('sessions').clear(), tx.objectStore('steps').clear()]);
      });
    },
  };
}
