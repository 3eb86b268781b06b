import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWllamaPage, type WllamaPage } from '../../../scripts/tiny-gguf/browser-page';
import { planTwin } from '../../../scripts/tiny-gguf/qwen3-twin';
import { writeTwin } from '../../../scripts/tiny-gguf/twin-writer';

/**
 * The narrow DR-Venus twin (real Qwen3 vocabulary and template, one 256-wide layer) loaded in
 * wllama in a cross-origin-isolated page as `window.twin`, with one server slot: with wllama's
 * default four, a later prompt may go to another slot's cache, and the tests that read llama.cpp's
 * prompt-cache reuse need it to meet the one the previous call left.
 */
export async function openNarrowTwin(): Promise<{ host: WllamaPage; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-twin-'));
  const file = path.join(dir, 'twin-narrow.gguf');
  writeTwin(
    planTwin({ hidden: 256, layers: 1, heads: 2, kvHeads: 1, feedForward: 256, contextLength: 8192 }),
    file,
  );
  const host = await openWllamaPage({ file }, { isolated: true });
  await host.page.evaluate(async () => {
    const w = window as unknown as { wllama: typeof import('@wllama/wllama'); twin?: unknown };
    const twin = new w.wllama.Wllama({ default: '/wllama/wasm/wllama.wasm' }, { suppressNativeLog: true });
    twin.setCompat?.(null);
    await twin.loadModelFromUrl(`${location.origin}/model.gguf`, {
      n_ctx: 8192,
      n_threads: 2,
      n_gpu_layers: 0,
      n_parallel: 1,
      cache_idle_slots: false,
      useCache: false,
    });
    w.twin = twin;
  });
  return {
    host,
    close: async () => {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
