import type { ModelRecordLike } from '../../../src/llm/webllm/catalog';

const rec = (id: string, vram: number): ModelRecordLike => ({
  model: `https://huggingface.co/mlc-ai/${id}`,
  model_id: id,
  model_lib: `https://example.org/${id}.wasm`,
  vram_required_MB: vram,
});
/** A slice of web-llm's prebuilt model list: Qwen3 sizes in several quantisations, and one non-Qwen3 model. */
export const RECORDS = [
  rec('Qwen3-0.6B-q4f16_1-MLC', 1403),
  rec('Qwen3-0.6B-q4f32_1-MLC', 1925),
  rec('Qwen3-0.6B-q0f16-MLC', 2220),
  rec('Qwen3-1.7B-q4f16_1-MLC', 2037),
  rec('Qwen3-1.7B-q4f32_1-MLC', 2635),
  rec('Qwen3-4B-q4f16_1-MLC', 3432),
  rec('Qwen3-4B-q4f32_1-MLC', 4328),
  rec('Qwen3-8B-q4f16_1-MLC', 5696),
  rec('Qwen3-8B-q4f32_1-MLC', 6853),
  rec('Llama-3-8B-q4f16_1-MLC', 5000),
];
