import type { Migration } from './migration';

/** First schema: every store, with the indexes the first release needed. */
export const v1: Migration = {
  schema(db) {
    const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
    sessions.createIndex('by-updated', 'updatedAt');

    const steps = db.createObjectStore('steps', { keyPath: ['sessionId', 'seq'] });
    steps.createIndex('by-session', 'sessionId');

    db.createObjectStore('pages', { keyPath: 'url' });

    const searchCache = db.createObjectStore('searchCache', { keyPath: 'key' });
    searchCache.createIndex('by-expires', 'expiresAt');

    // Out-of-line keys: the value is the bare setting or secret.
    db.createObjectStore('settings');
    db.createObjectStore('secrets');
  },
};
