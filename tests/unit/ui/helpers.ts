import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { MessageClient } from '../../../src/messaging/client';
import type { LiveEvent } from '../../../src/messaging/live';
import type { MessageType, Request, Response } from '../../../src/messaging/protocol';
import type { ResearchIntent } from '../../../src/router/research-intent';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/settings/schema';
import { openStore, type Store } from '../../../src/store';
import type { UiServices } from '../../../src/ui/shared/services';

const table = JSON.parse(
  // import.meta.url is not a file: URL under the jsdom environment; vitest runs from the repo root.
  readFileSync(resolve(process.cwd(), 'scripts/locales.json'), 'utf8'),
) as Record<string, { en: string }>;

/** The English strings, as chrome.i18n would give them, so tests read what a user reads. */
export function tEn(key: string, subs?: string | string[]): string {
  const row = table[key];
  if (!row) return key;
  const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
  return row.en.replace(/\$(\d)/g, (_, n: string) => list[Number(n) - 1] ?? '');
}

type Handler = (payload: unknown) => unknown;

export interface FakeWorld {
  services: UiServices;
  store: Store;
  sent: Array<{ type: string; payload: unknown }>;
  /** Delivers a live event to every subscriber. */
  emit(e: LiveEvent): void;
  /** How many views listen to live events. */
  listeners(): number;
  handle(type: MessageType, fn: Handler): void;
  /** Intents waiting for a panel to open. */
  intents: ResearchIntent[];
  /** Hands an intent to the open panel (or keeps it for the next one), as the service worker does. */
  offerIntent(i: ResearchIntent): void;
  openedOptions: number;
  /** What settings.load returns; settings.save replaces it. */
  settings: Settings;
  saves: Settings[];
  /** Origins granted so far; `request` grants when `grantRequests` is true. */
  granted: Set<string>;
  grantRequests: boolean;
  permissionRequests: string[][];
}

export async function fakeWorld(): Promise<FakeWorld> {
  const store = await openStore({ factory: new IDBFactory() });
  const sent: FakeWorld['sent'] = [];
  const listeners = new Set<(e: LiveEvent) => void>();
  const intentWatchers = new Set<(i: ResearchIntent) => void>();
  const settingsWatchers = new Set<(s: Settings) => void>();
  const handlers = new Map<string, Handler>([
    ['router.ping', () => ({ context: 'router', version: '1', startedAt: 0 })],
    [
      'engine.ping',
      () => ({
        context: 'engine',
        startedAt: 0,
        engine: { engine: 'web-llm', modelId: 'm', state: 'ready' },
      }),
    ],
    ['runner.active', () => ({ sessionIds: [] })],
  ]);
  const client: MessageClient = {
    async send<K extends MessageType>(type: K, payload: Request<K>): Promise<Response<K>> {
      sent.push({ type, payload });
      const h = handlers.get(type);
      if (!h) throw new Error(`no fake for ${type}`);
      return (await h(payload)) as Response<K>;
    },
  };
  const world: FakeWorld = {
    store,
    sent,
    intents: [],
    offerIntent(i) {
      world.intents.push(i);
      for (const w of intentWatchers) for (const next of world.intents.splice(0)) w(next);
    },
    openedOptions: 0,
    settings: DEFAULT_SETTINGS,
    saves: [],
    // Granted by default so tests that only start research never meet the permission gate.
    granted: new Set(['<all_urls>']),
    grantRequests: true,
    permissionRequests: [],
    emit: (e) => {
      for (const l of listeners) l(e);
    },
    listeners: () => listeners.size,
    handle: (type, fn) => handlers.set(type, fn),
    services: {
      client,
      subscribe(onEvent) {
        listeners.add(onEvent);
        return () => listeners.delete(onEvent);
      },
      settings: {
        load: async () => world.settings,
        save: async (next) => {
          world.settings = next;
          world.saves.push(next);
          for (const w of settingsWatchers) w(next);
        },
        watch(onChange) {
          settingsWatchers.add(onChange);
          return () => settingsWatchers.delete(onChange);
        },
      },
      storage: { estimate: async () => null },
      store: Promise.resolve(store),
      watchIntents(onIntent) {
        intentWatchers.add(onIntent);
        queueMicrotask(() => {
          for (const next of world.intents.splice(0)) onIntent(next);
        });
        return () => intentWatchers.delete(onIntent);
      },
      t: tEn,
      openOptions: () => {
        world.openedOptions += 1;
      },
      permissions: {
        has: async (origins) => world.granted.has('<all_urls>') || origins.every((o) => world.granted.has(o)),
        request: async (origins) => {
          world.permissionRequests.push(origins);
          if (world.grantRequests) for (const o of origins) world.granted.add(o);
          return world.grantRequests;
        },
      },
    },
  };
  return world;
}

/** Renders what changed, then gives timers `ms` to run: one step of the polling loops below. */
async function frame(ms: number): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/** Waits (rendering as it goes) until `check` holds; store reads take a variable number of ticks. */
export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the view');
    await frame(10);
  }
}

/** Retries an assertion (rendering between tries) until it passes; on timeout its failure is thrown. */
export async function eventually(assertion: () => unknown, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
    }
    await frame(10);
  }
}

/** The element with this test id, once the view shows it. */
export async function find<E extends Element = HTMLElement>(root: ParentNode, testId: string): Promise<E> {
  await until(() => q(root, testId) !== null);
  const el = q<E>(root, testId);
  if (!el) throw new Error(`no ${testId}`);
  return el;
}

export function mount(node: preact.ComponentChild): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(node, root));
  return root;
}

export function unmount(root: HTMLElement): void {
  act(() => render(null, root));
  root.remove();
}

export const q = <E extends Element = HTMLElement>(root: ParentNode, testId: string) =>
  root.querySelector<E>(`[data-testid="${testId}"]`);
export const qa = <E extends Element = HTMLElement>(root: ParentNode, testId: string) => [
  ...root.querySelectorAll<E>(`[data-testid="${testId}"]`),
];

/** Sets a textarea/input value the way typing does, so preact's onInput runs. */
export function type(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  act(() => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function click(el: Element | null): void {
  if (!el) throw new Error('nothing to click');
  act(() => {
    (el as HTMLElement).click();
  });
}

export function key(el: Element, k: string, init: KeyboardEventInit = {}): void {
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  });
}
