import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createQwenCounter } from '../../../scripts/lib/qwen-counter';
import { estimateTokens } from '../../../src/llm/token-estimate';
import { tokenCounterFor } from '../../../src/runner/qwen-counter';

// A DR-Venus run in the extension counts its context in Qwen3's own tokens, as the eval does: the
// estimate runs 12-31 % high on the reference trajectories and forced answers early.
const trajectory = JSON.parse(readFileSync('../shared/fixtures/drvenus/sft/0001.json', 'utf8')) as unknown;
const texts = JSON.stringify(trajectory)
  .split(/\\n\\n/)
  .filter((t) => t.length > 200)
  .slice(0, 20);

describe("the extension's token counter for a run", () => {
  it('counts a dr-venus run exactly as Qwen3 does', async () => {
    const counter = tokenCounterFor('dr-venus');
    expect(counter).toBeDefined();
    const exact = createQwenCounter();
    expect(texts.length).toBeGreaterThan(5);
    let real = 0;
    let estimated = 0;
    for (const text of texts) {
      const n = await counter?.count(text);
      expect(n).toBe(exact.count(text));
      real += Number(n);
      estimated += estimateTokens(text);
    }
    // What the exact count changes: the estimate is not what the model sees.
    expect(Math.abs(estimated - real) / real).toBeGreaterThan(0.05);
  });

  it('leaves other profiles to the estimate (the tokenizer is never loaded for them)', () => {
    expect(tokenCounterFor('general')).toBeUndefined();
  });
});
