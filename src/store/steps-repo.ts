import { readAs, stepRecordSchema } from './record-schemas';
import type { StepRecord } from './records';
import type { SleuthDb } from './schema';
import { inTransaction, STRICT } from './tx';

/** What becomes known once a step's effect has happened. */
export type StepDonePatch = Partial<Omit<StepRecord, 'sessionId' | 'seq' | 'status'>>;

export interface StepsRepo {
  /**
   * Write-ahead: call BEFORE the step's effect (tool call, UI update). Resolves once the browser
   * has durably committed it, so a crash afterwards still leaves a record to resume from.
   */
  put(step: StepRecord): Promise<void>;
  /** Marks a written step done and merges what the effect produced; undefined if it is missing. */
  markDone(sessionId: string, seq: number, patch?: StepDonePatch): Promise<StepRecord | undefined>;
  /** The session's steps, ordered by seq. */
  listForSession(sessionId: string): Promise<StepRecord[]>;
  /** The highest seq saved for the session, or undefined when it has no steps. */
  lastSeq(sessionId: string): Promise<number | undefined>;
  /** Forgets steps from `seq` on ("retry from this step"); earlier steps are untouched. */
  deleteFrom(sessionId: string, seq: number): Promise<number>;
}

export function createStepsRepo(db: SleuthDb, now: () => number): StepsRepo {
  return {
    async put(step) {
      await inTransaction(db, ['steps'], 'readwrite', (tx) => tx.objectStore('steps').put(step), STRICT);
    },

    markDone(sessionId, seq, patch = {}) {
      return inTransaction(
        db,
        ['steps'],
        'readwrite',
        async (tx) => {
          const store = tx.objectStore('steps');
          const current = readAs(stepRecordSchema, await store.get([sessionId, seq]));
          if (!current) return undefined;
          const next: StepRecord = {
            ...current,
            ...patch,
            sessionId,
            seq,
            status: 'done',
            finishedAt: patch.finishedAt ?? now(),
          };
          await store.put(next);
          return next;
        },
        STRICT,
      );
    },

    listForSession(sessionId) {
      return inTransaction(db, ['steps'], 'readonly', async (tx) => {
        // Index entries with equal keys come back in primary-key order, and the primary key is
        // [sessionId, seq], so this is already ordered by seq.
        const all = await tx.objectStore('steps').index('by-session').getAll(sessionId);
        return all
          .map((value) => readAs(stepRecordSchema, value))
          .filter((step): step is StepRecord => step !== undefined);
      });
    },

    deleteFrom(sessionId, seq) {
      return inTransaction(
        db,
        ['steps'],
        'readwrite',
        async (tx) => {
          const range = IDBKeyRange.bound([sessionId, seq], [sessionId, Number.POSITIVE_INFINITY]);
          const store = tx.objectStore('steps');
          const n = await store.count(range);
          await store.delete(range);
          return n;
        },
        STRICT,
      );
    },

    lastSeq(sessionId) {
      return inTransaction(db, ['steps'], 'readonly', async (tx) => {
        const cursor = await tx.objectStore('steps').index('by-session').openKeyCursor(sessionId, 'prev');
        return cursor ? cursor.primaryKey[1] : undefined;
      });
    },
  };
}
