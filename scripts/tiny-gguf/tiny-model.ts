import { type GgufTensor, type GgufValue, writeGguf } from './gguf-writer';

/**
 * A tiny llama-architecture model with random weights and a byte-level BPE vocabulary, so
 * llama.cpp (and wllama) load it and can produce any ASCII text under a grammar.
 */

export interface TinyModelOptions {
  seed?: number;
  embedding?: number;
  layers?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  /** Store the layer matrices as Q8_0 (as real quantised models do) instead of f32. */
  quantize?: boolean;
  /** `general.alignment` (default 32). */
  alignment?: number;
}

/** Specials the DR-Venus protocol uses; the first three are control tokens as in Qwen's vocab. */
export const CONTROL_TOKENS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'] as const;
export const USER_DEFINED_TOKENS = [
  '<think>',
  '</think>',
  '<tool_call>',
  '</tool_call>',
  '<tool_response>',
  '</tool_response>',
  '<answer>',
  '</answer>',
] as const;

/** A handful of merges so the BPE tokenizer has ranks to apply (results are in the vocab). */
const MERGES = [
  ['Ġ', 't'],
  ['h', 'e'],
  ['i', 'n'],
  ['e', 'r'],
  ['o', 'n'],
] as const;

const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;
const TOKEN_USER_DEFINED = 4;

const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** GPT-2's byte → printable-unicode table: each of the 256 bytes gets one visible character. */
export function byteLevelAlphabet(): string[] {
  const printable: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) printable.push(b);
  for (let b = 0xa1; b <= 0xac; b++) printable.push(b);
  for (let b = 0xae; b <= 0xff; b++) printable.push(b);
  const table = new Array<string>(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    table[b] = printable.includes(b) ? String.fromCodePoint(b) : String.fromCodePoint(256 + extra++);
  }
  return table;
}

/** mulberry32: small, deterministic, good enough for weights nobody reads. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildTinyModel(opts: TinyModelOptions = {}): Uint8Array {
  const seed = opts.seed ?? 42;
  const nEmbd = opts.embedding ?? 64;
  const nLayer = opts.layers ?? 2;
  const nHead = opts.heads ?? 4;
  const nFf = opts.feedForward ?? 128;
  const nCtx = opts.contextLength ?? 4096;

  const tokens = [...byteLevelAlphabet()];
  const types: number[] = tokens.map(() => TOKEN_NORMAL);
  for (const [a, b] of MERGES) {
    tokens.push(a + b);
    types.push(TOKEN_NORMAL);
  }
  for (const t of CONTROL_TOKENS) {
    tokens.push(t);
    types.push(TOKEN_CONTROL);
  }
  for (const t of USER_DEFINED_TOKENS) {
    tokens.push(t);
    types.push(TOKEN_USER_DEFINED);
  }
  const nVocab = tokens.length;
  const id = (t: string): number => tokens.indexOf(t);

  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'sleuth-tiny-random' }],
    ['llama.context_length', { type: 'u32', value: nCtx }],
    ['llama.embedding_length', { type: 'u32', value: nEmbd }],
    ['llama.block_count', { type: 'u32', value: nLayer }],
    ['llama.feed_forward_length', { type: 'u32', value: nFf }],
    ['llama.attention.head_count', { type: 'u32', value: nHead }],
    ['llama.attention.head_count_kv', { type: 'u32', value: nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-6 }],
    ['llama.rope.freq_base', { type: 'f32', value: 10000 }],
    ['llama.vocab_size', { type: 'u32', value: nVocab }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'qwen2' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32[]', value: types }],
    ['tokenizer.ggml.merges', { type: 'string[]', value: MERGES.map(([a, b]) => `${a} ${b}`) }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: id('<|im_end|>') }],
    ['tokenizer.ggml.padding_token_id', { type: 'u32', value: id('<|endoftext|>') }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: id('<|endoftext|>') }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: CHAT_TEMPLATE }],
  ]);

  const rand = rng(seed);
  const random = (n: number, scale: number): Float32Array => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = (rand() * 2 - 1) * scale;
    return out;
  };
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  const scale = 1 / Math.sqrt(nEmbd);
  const q = opts.quantize ? ('q8_0' as const) : ('f32' as const);

  const tensors: GgufTensor[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], data: random(nEmbd * nVocab, 1) },
    { name: 'output_norm.weight', dims: [nEmbd], data: ones(nEmbd) },
    { name: 'output.weight', dims: [nEmbd, nVocab], data: random(nEmbd * nVocab, scale) },
  ];
  for (let l = 0; l < nLayer; l++) {
    const p = `blk.${l}`;
    tensors.push(
      { name: `${p}.attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${p}.attn_q.weight`, dims: [nEmbd, nEmbd], data: random(nEmbd * nEmbd, scale), type: q },
      { name: `${p}.attn_k.weight`, dims: [nEmbd, nEmbd], data: random(nEmbd * nEmbd, scale), type: q },
      { name: `${p}.attn_v.weight`, dims: [nEmbd, nEmbd], data: random(nEmbd * nEmbd, scale), type: q },
      { name: `${p}.attn_output.weight`, dims: [nEmbd, nEmbd], data: random(nEmbd * nEmbd, scale), type: q },
      { name: `${p}.ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${p}.ffn_gate.weight`, dims: [nEmbd, nFf], data: random(nEmbd * nFf, scale), type: q },
      { name: `${p}.ffn_up.weight`, dims: [nEmbd, nFf], data: random(nEmbd * nFf, scale), type: q },
      {
        name: `${p}.ffn_down.weight`,
        dims: [nFf, nEmbd],
        data: random(nFf * nEmbd, 1 / Math.sqrt(nFf)),
        type: q,
      },
    );
  }
  return writeGguf(metadata, tensors, { alignment: opts.alignment ?? 32 });
}
