/**
 * `npx tsx scripts/tiny-gguf/check.ts`: generates the tiny GGUF, loads it with wllama (CPU, one
 * thread) in headless Chromium through WllamaEngine, generates one DR-Venus turn under the grammar
 * and checks its shape. Prints JSON figures (load time, tokens/s).
 */

import { openWllamaPage } from './browser-page';
import { buildTinyModel } from './tiny-model';

const TURN =
  /^<think>\n[^\n]+\n<\/think>\n(<tool_call>\n\{"name": "(search|visit)", "arguments": (\{.*\})\}\n<\/tool_call>|<answer>\n[^\n]+\n<\/answer>)$/s;

async function main(): Promise<void> {
  const model = buildTinyModel();
  const host = await openWllamaPage(model);
  try {
    const results = await host.page.evaluate(async () => {
      type Llm = typeof import('../../src/llm/wllama/wllama-engine') &
        typeof import('../../src/llm/drvenus-grammar');
      const { WllamaEngine, DRVENUS_TURN_GRAMMAR } = (window as unknown as { llm: Llm }).llm;
      const engine = new WllamaEngine({
        wasmUrl: '/wllama/wasm/wllama.wasm',
        nThreads: 1,
        nGpuLayers: 0,
        contextWindow: 4096,
        useCache: false,
        seed: 7,
      });
      const t0 = performance.now();
      await engine.load(`${location.origin}/model.gguf`);
      const loadMs = performance.now() - t0;
      const turns = [];
      for (let i = 0; i < 3; i++) {
        const t1 = performance.now();
        const r = await engine.chat(
          [
            { role: 'system', content: 'You are a research agent.' },
            { role: 'user', content: `Question ${i}: who wrote the ADB entry?` },
          ],
          { maxTokens: 400, grammar: DRVENUS_TURN_GRAMMAR, stop: ['<tool_response>'], temperature: 1 },
        );
        turns.push({ ...r, wallMs: performance.now() - t1 });
      }
      const info = engine.info();
      await engine.unload();
      return { loadMs, turns, info };
    });
    const report = {
      modelBytes: model.length,
      loadMs: Math.round(results.loadMs),
      contextWindow: results.info.contextWindow,
      turns: results.turns.map((t) => ({
        parses: TURN.test(t.text) && (!t.text.includes('<tool_call>') || isJson(TURN.exec(t.text)?.[3])),
        finishReason: t.finishReason,
        completionTokens: t.usage.completionTokens,
        decodeTokensPerSecond: Math.round(t.usage.decodeTokensPerSecond ?? 0),
        wallTokensPerSecond: Math.round((t.usage.completionTokens * 1000) / t.wallMs),
        text: t.text,
      })),
    };
    console.log(JSON.stringify(report, null, 2));
    if (!report.turns.every((t) => t.parses)) process.exitCode = 1;
  } finally {
    await host.close();
  }
}

function isJson(text: string | undefined): boolean {
  try {
    JSON.parse(text ?? '');
    return true;
  } catch {
    return false;
  }
}

await main();
