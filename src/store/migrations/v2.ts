import type { Migration } from './migration';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * v2: start-up looks for sessions left `running` (to offer resume), so sessions get a `by-status`
 * index; and History shows a step count, so sessions written by v1 get `stats` counted from their
 * saved steps.
 */
export const v2: Migration = {
  schema(_db, tx) {
    tx.objectStore('sessions').createIndex('by-status', 'status');
  },
  async data(tx) {
    const stepsBySession = tx.objectStore('steps').index('by-session');
    let cursor = await tx.objectStore('sessions').openCursor();
    while (cursor) {
      const session: unknown = cursor.value;
      if (isRecord(session) && session.stats === undefined && typeof session.id === 'string') {
        const steps = await stepsBySession.count(session.id);
        await cursor.update({ ...session, stats: { steps } });
      }
      cursor = await cursor.continue();
    }
  },
};
