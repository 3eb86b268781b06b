import { TokenizerLoader } from '@lenml/tokenizers';

/** What the bundled `tokenizers/qwen3.json.gz` holds (the vite config writes it). */
export interface Qwen3TokenizerData {
  tokenizerJSON: object;
  tokenizerConfig: object;
}

type Encoder = { encode(text: string, opts: { add_special_tokens: boolean }): number[] };

function isTokenizerData(x: unknown): x is Qwen3TokenizerData {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Record<string, unknown>;
  return (
    typeof d.tokenizerJSON === 'object' && d.tokenizerJSON !== null && typeof d.tokenizerConfig === 'object'
  );
}

/**
 * Exact Qwen3 token counts (DR-Venus-4B's tokenizer). The vocabulary (11 MB of JSON) is loaded and
 * built on the first count only, once for every run after it (about half a second and some 80 MB).
 * A load that fails stays failed: every count then throws at once, and the meter falls back to its
 * estimate, which the engine's own prompt count corrects as before.
 */
export function lazyQwen3Counter(load: () => Promise<unknown>): { count(text: string): Promise<number> } {
  let encoder: Promise<Encoder> | null = null;
  const build = async (): Promise<Encoder> => {
    const data = await load();
    if (!isTokenizerData(data)) throw new Error('The bundled Qwen3 tokenizer is not readable.');
    return TokenizerLoader.fromPreTrained(data) as unknown as Encoder;
  };
  return {
    async count(text: string): Promise<number> {
      encoder ??= build();
      return (await encoder).encode(text, { add_special_tokens: false }).length;
    },
  };
}
