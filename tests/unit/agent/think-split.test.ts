import { describe, expect, it } from 'vitest';
import { runResearch } from '../../../src/agent/loop';
import type { AgentEvent } from '../../../src/agent/types';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatEngine, ChatOptions } from '../../../src/llm/engine';
import { applyEvent, emptyView } from '../../../src/ui/session/session-state';
import { liveLineText } from '../../../src/ui/trajectory/live-line';
import { fakeTools } from './helpers';

/** Streams `pieces` as the deltas of one reply. */
function chunked(pieces: string[]): ChatEngine {
  return {
    load: async () => {},
    unload: async () => {},
    info: () => ({ kind: 'scripted', modelId: 'm', loaded: true, contextWindow: 32_000 }),
    async chat(_m, opts: ChatOptions) {
      for (const p of pieces) opts.onDelta?.(p);
      const text = pieces.join('');
      return { text, finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 9 } };
    },
  };
}

const t = (key: string, sub?: string | string[]) => (sub ? `${key}:${String(sub)}` : key);

/** The live turns the panel showed while the reply streamed. */
async function liveTurns(pieces: string[]) {
  let view = emptyView('s1', 'Q?');
  const seen: Array<{ think: string; action: string; line: string }> = [];
  const events: AgentEvent[] = [];
  await runResearch(
    { cite: citeAnswer, engine: chunked(pieces), tools: fakeTools(), clock: Date.now },
    { question: 'Capital of Portugal?', settings: { date: '2026-03-01', temperature: 0 } },
    {
      onEvent: (e) => {
        events.push(e);
        view = applyEvent(view, e);
        if (view.live)
          seen.push({
            think: view.live.think,
            action: view.live.action,
            line: liveLineText(view.live, false, t),
          });
      },
    },
  );
  return { seen, events };
}

describe('the end of the thinking inside a streamed chunk', () => {
  it('a chunk "</think>\\n<an" puts "<an" in the action, never in the thought', async () => {
    const { seen } = await liveTurns([
      '<think>\nLisbon it is.',
      '\n</think>\n<an',
      'swer>\nLisbon\n</answer>',
    ]);
    const last = seen.at(-1);
    expect(last?.think).toBe('<think>\nLisbon it is.\n</think>');
    expect(last?.action).toBe('\n<answer>\nLisbon\n</answer>');
    expect(seen.some((s) => s.think.includes('<an'))).toBe(false);
    expect(last?.line).toBe('liveAnswering');
  });

  it('a "</think>" split over two chunks still ends the thought where it ends', async () => {
    const { seen } = await liveTurns(['<think>\nok\n</thi', 'nk>\n<answer>Lis', 'bon</answer>']);
    const last = seen.at(-1);
    expect(last?.think).toBe('<think>\nok\n</think>');
    expect(last?.action).toBe('\n<answer>Lisbon</answer>');
  });

  it('one chunk holding the whole reply splits at the same place', async () => {
    const { seen } = await liveTurns(['<think>\nok\n</think>\n<answer>Lisbon</answer>']);
    expect(seen.at(-1)).toMatchObject({
      think: '<think>\nok\n</think>',
      action: '\n<answer>Lisbon</answer>',
    });
  });
});
