import { describe, expect, it } from 'vitest';
import { createQwenCounter } from '../../../scripts/lib/qwen-counter';
import { replayTrajectory, type Trajectory } from '../../../scripts/lib/replay';
import { parseTurn } from '../../../src/agent/parse';
import { loadTrajectory, trajectoryFiles } from './helpers';

/** What the recording says: each assistant turn's tool call (strict JSON) or final answer. */
function recorded(t: Trajectory): { calls: unknown[]; answer: string } {
  const calls: unknown[] = [];
  let answer = '';
  for (const turn of t.assistant) {
    const call = /<tool_call>([\s\S]*?)<\/tool_call>/.exec(turn);
    if (call?.[1]) calls.push(JSON.parse(call[1]));
    const ans = /<answer>([\s\S]*?)<\/answer>/.exec(turn);
    if (ans?.[1] !== undefined) answer = ans[1].trim();
  }
  return { calls, answer };
}

const files = trajectoryFiles();
const counter = createQwenCounter();

describe('DR-Venus trajectories', () => {
  it('has trajectories to check (the project fixture at least)', () => {
    expect(files.length).toBeGreaterThanOrEqual(1);
  });

  for (const file of files) {
    const name = file.split('/').slice(-3).join('/');
    const t = loadTrajectory(file);
    const expected = recorded(t);

    it(`${name}: every assistant turn parses`, () => {
      t.assistant.forEach((turn, i) => {
        const parsed = parseTurn(turn);
        expect(parsed.action.kind, `turn ${i}`).not.toBe('invalid');
        expect(parsed.think.length, `turn ${i} thinking`).toBeGreaterThan(0);
        const last = i === t.assistant.length - 1;
        expect(parsed.action.kind === 'answer', `turn ${i}`).toBe(last);
      });
    });

    it(`${name}: replay reproduces the tool calls and the answer`, async () => {
      const { summary, result } = await replayTrajectory(t, { tokenizer: counter });
      expect(result.status).toBe('answered');
      expect(summary.toolCalls).toEqual(expected.calls);
      expect(summary.answer).toBe(expected.answer);
      expect(summary.turns).toBe(t.assistant.length);
      expect(summary.parseFailures).toBe(0);
      expect(summary.folds).toBe(0);
      // Append-only: everything but the first request is prefilled only for the new tool response.
      expect(summary.prefillTokens).toBeLessThan(summary.contextTokens);
    });

    it(`${name}: replay under an 8K budget keeps every request in the window and the same calls`, async () => {
      const budget = 8192;
      const { summary, result } = await replayTrajectory(t, { tokenizer: counter, budget });
      expect(summary.toolCalls).toEqual(expected.calls);
      expect(summary.answer).toBe(expected.answer);
      expect(summary.peakContextTokens).toBeLessThanOrEqual(budget);
      for (const step of result.steps) expect(step.tokens.prompt + 2048).toBeLessThanOrEqual(budget);
    });
  }
});
