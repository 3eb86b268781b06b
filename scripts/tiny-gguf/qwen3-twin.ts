import { ggmlTypeName, tensorByteLength } from '../../src/llm/gguf/ggml-types';
import type { GgufValue } from './gguf-writer';
import { loadQwen3Vocab, QWEN3_VOCAB_SIZE } from './qwen3-vocab';

/**
 * DR-Venus-4B's shape as a random-weight GGUF plan. DR-Venus-4B is a Qwen3-4B fine-tune, so the
 * hyper-parameters are Qwen3-4B's config.json (hidden 2560, 36 layers, 32 query and 8 KV heads of
 * 128, feed-forward 9728, q/k RMS norms, tied embeddings: no output.weight). Tensor types follow
 * llama.cpp's Q4_K_M rules (src/llama-quant.cpp, llama_tensor_get_type): everything Q4_K, except
 * attn_v and ffn_down in the layers `use_more_bits` picks (first and last eighth, every third
 * between) and the tied token embedding (treated as the output tensor), which are Q6_K; 1-D norms
 * stay F32. That gives 2.50 GB, the size the published Qwen3-4B Q4_K_M files have.
 */

export const GGML = { F32: 0, Q4_K: 12, Q6_K: 14 } as const;
export type TwinTensorType = (typeof GGML)[keyof typeof GGML];

export interface TwinShape {
  hidden: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  feedForward: number;
  contextLength: number;
}

export const DRVENUS_4B_SHAPE: TwinShape = {
  hidden: 2560,
  layers: 36,
  heads: 32,
  kvHeads: 8,
  headDim: 128,
  feedForward: 9728,
  contextLength: 40960,
};

/** The published Q4_K_M's size (Qwen3-4B-Q4_K_M.gguf: 2.50 GB), for the 2 % check. */
export const PUBLISHED_Q4_K_M_BYTES = 2.5e9;

export interface TwinTensor {
  name: string;
  /** ggml order: row length first. */
  dims: readonly number[];
  type: TwinTensorType;
  bytes: number;
}

export interface TwinPlan {
  shape: TwinShape;
  metadata: Map<string, GgufValue>;
  tensors: TwinTensor[];
}

/** llama.cpp's use_more_bits(i, n): the layers Q4_K_M gives Q6_K for attn_v and ffn_down. */
export function usesMoreBits(layer: number, layers: number): boolean {
  const eighth = Math.floor(layers / 8);
  return layer < eighth || layer >= Math.floor((7 * layers) / 8) || (layer - eighth) % 3 === 2;
}

function tensor(name: string, dims: readonly number[], type: TwinTensorType): TwinTensor {
  const bytes = tensorByteLength(type, dims);
  if (bytes === null) throw new Error(`${name}: ${dims} cannot be stored as ${ggmlTypeName(type)}`);
  return { name, dims, type, bytes };
}

export function twinTensors(s: TwinShape, vocab = QWEN3_VOCAB_SIZE): TwinTensor[] {
  const q = s.heads * s.headDim;
  const kv = s.kvHeads * s.headDim;
  const out = [tensor('token_embd.weight', [s.hidden, vocab], GGML.Q6_K)];
  for (let l = 0; l < s.layers; l++) {
    const p = `blk.${l}`;
    const more = usesMoreBits(l, s.layers) ? GGML.Q6_K : GGML.Q4_K;
    out.push(
      tensor(`${p}.attn_k.weight`, [s.hidden, kv], GGML.Q4_K),
      tensor(`${p}.attn_k_norm.weight`, [s.headDim], GGML.F32),
      tensor(`${p}.attn_norm.weight`, [s.hidden], GGML.F32),
      tensor(`${p}.attn_output.weight`, [q, s.hidden], GGML.Q4_K),
      tensor(`${p}.attn_q.weight`, [s.hidden, q], GGML.Q4_K),
      tensor(`${p}.attn_q_norm.weight`, [s.headDim], GGML.F32),
      tensor(`${p}.attn_v.weight`, [s.hidden, kv], more),
      tensor(`${p}.ffn_down.weight`, [s.feedForward, s.hidden], more),
      tensor(`${p}.ffn_gate.weight`, [s.hidden, s.feedForward], GGML.Q4_K),
      tensor(`${p}.ffn_norm.weight`, [s.hidden], GGML.F32),
      tensor(`${p}.ffn_up.weight`, [s.hidden, s.feedForward], GGML.Q4_K),
    );
  }
  out.push(tensor('output_norm.weight', [s.hidden], GGML.F32));
  return out;
}

export function twinMetadata(s: TwinShape, name: string): Map<string, GgufValue> {
  const v = loadQwen3Vocab();
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  return new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'qwen3' }],
    ['general.name', { type: 'string', value: name }],
    ['general.file_type', u32(15)], // LLAMA_FTYPE_MOSTLY_Q4_K_M
    ['general.quantization_version', u32(2)],
    ['qwen3.block_count', u32(s.layers)],
    ['qwen3.context_length', u32(s.contextLength)],
    ['qwen3.embedding_length', u32(s.hidden)],
    ['qwen3.feed_forward_length', u32(s.feedForward)],
    ['qwen3.attention.head_count', u32(s.heads)],
    ['qwen3.attention.head_count_kv', u32(s.kvHeads)],
    ['qwen3.attention.key_length', u32(s.headDim)],
    ['qwen3.attention.value_length', u32(s.headDim)],
    ['qwen3.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-6 }],
    ['qwen3.rope.freq_base', { type: 'f32', value: 1_000_000 }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'qwen2' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: v.tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32[]', value: v.types }],
    ['tokenizer.ggml.merges', { type: 'string[]', value: v.merges }],
    ['tokenizer.ggml.eos_token_id', u32(v.eosId)],
    ['tokenizer.ggml.padding_token_id', u32(v.padId)],
    ['tokenizer.ggml.bos_token_id', u32(v.padId)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: v.chatTemplate }],
  ]);
}

/** The twin with `layers` blocks (36 = the full DR-Venus-4B shape; fewer for fast tests). */
export function planTwin(overrides: Partial<TwinShape> = {}): TwinPlan {
  const shape = { ...DRVENUS_4B_SHAPE, ...overrides };
  const name =
    shape.layers === DRVENUS_4B_SHAPE.layers ? 'drvenus-4b-twin' : `drvenus-4b-twin-${shape.layers}l`;
  return { shape, metadata: twinMetadata(shape, name), tensors: twinTensors(shape) };
}
