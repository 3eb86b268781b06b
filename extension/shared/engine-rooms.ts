// Binds the browser into the engine, runner and search rooms (src/hosts/engine-rooms.ts): fetch, the
// HTML parser, the model files in OPFS, the extension's URLs, and the e2e build's test seams.

import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import {
  type EngineRoomSeams,
  type EngineRoomsContext,
  hostEngineRooms as hostRooms,
} from '../../src/hosts/engine-rooms';
import { bundledGzipJson } from '../../src/platform/bundled-data';
import { opfsStore } from '../../src/platform/opfs-store';
import { extensionUrl } from '../../src/platform/runtime';
import type { ResearchRunner } from '../../src/runner/runner';

/** Test seams of the e2e build only: production bundles neither load nor ship them. */
function e2eSeams(): EngineRoomSeams | undefined {
  if (import.meta.env.MODE !== 'e2e') return undefined;
  // Tests lose the GPU device or fill the disk on demand; the seams are installed at once.
  const faults = import('../../src/test-seams/fault-seams').then((m) => {
    m.installFaultSeams();
    return m;
  });
  return {
    // The random-weight test model needs a grammar that walks a fixed search → visit → answer path,
    // which e2e tests ask for in the store.
    testGrammar: async (settings) =>
      (await import('../../src/test-seams/test-sequence-grammar')).testGrammarFrom(settings),
    withEngineFaults: async (choice) => (await faults).withEngineFaultSeams(choice),
    withQuota: async (store) => (await faults).withQuotaSeam(store),
  };
}

/** Adds the engine, runner and search rooms to a context; resolves to the runner once the store is open. */
export function hostEngineRooms(ctx: EngineRoomsContext): Promise<ResearchRunner> {
  const seams = e2eSeams();
  return hostRooms(ctx, {
    fetch: (url, init) => fetch(url, init),
    parseHtml: (html) => new DOMParser().parseFromString(html, 'text/html'),
    modelFiles: opfsStore(),
    wasmUrl: extensionUrl('wllama/wllama.wasm'),
    qwen3Tokenizer: () => bundledGzipJson('tokenizers/qwen3.json.gz'),
    pdfWorkerSrc: pdfWorkerUrl,
    // wllama's threads share one SharedArrayBuffer, which only a cross-origin isolated page has.
    threads: () => (crossOriginIsolated ? Math.max(1, navigator.hardwareConcurrency || 1) : 1),
    clock: Date.now,
    newId: () => crypto.randomUUID(),
    ...(seams ? { seams } : {}),
  });
}
