// idb wraps values by checking them against the global IDB* classes, as they exist in browsers.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { type OpenStoreOptions, openStore, type Store } from '../../../src/store';
import type { NewSession } from '../../../src/store/sessions-repo';

export interface TestClock {
  now: () => number;
  set(time: number): void;
  advance(ms: number): void;
}

export function testClock(start = 1_700_000_000_000): TestClock {
  let time = start;
  return {
    now: () => time,
    set: (value) => {
      time = value;
    },
    advance: (ms) => {
      time += ms;
    },
  };
}

/** A store on a brand-new in-memory IndexedDB, so tests never share data. */
export function freshStore(options: OpenStoreOptions = {}): Promise<Store> {
  return openStore({ factory: new IDBFactory(), ...options });
}

export function newSession(overrides: Partial<NewSession> = {}): NewSession {
  return { question: 'What is the boiling point of water?', origin: 'ask', settings: {}, ...overrides };
}
