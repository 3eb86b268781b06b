import { describe, expect, it } from 'vitest';
import { runResearch } from '../../../src/agent/loop';
import type { AgentEvent } from '../../../src/agent/types';
import { citeAnswer } from '../../../src/citations/cite-answer';
import type { ChatEngine, ChatOptions } from '../../../src/llm/engine';
import { guardStalls } from '../../../src/llm/stall-guard';
import { applyEvent, emptyView } from '../../../src/ui/session/session-state';
import { answer, fakeTools } from './helpers';

/** Streams half a reply and goes silent on the first try; the second try streams `reply` whole. */
function stallingOnce(reply: string): ChatEngine {
  let tries = 0;
  return {
    load: async () => {},
    unload: async () => {},
    info: () => ({ kind: 'scripted', modelId: 'm', loaded: true, contextWindow: 32_000 }),
    async chat(_m, opts: ChatOptions) {
      tries += 1;
      if (tries === 1) {
        opts.onDelta?.('<think>\nSTALLED PARTIAL ');
        opts.onDelta?.('reply that never');
        await new Promise((_, reject) =>
          opts.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      for (const piece of reply.match(/[\s\S]{1,7}/g) ?? []) opts.onDelta?.(piece);
      return { text: reply, finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 9 } };
    },
  };
}

describe('a model stream that stalls and is retried', () => {
  it('drops the stalled partial reply from the live panel and shows only the retry', async () => {
    const engine = guardStalls(stallingOnce(answer('Lisbon')), { firstTokenMs: 2000, idleMs: 60 });
    const events: AgentEvent[] = [];
    let view = emptyView('s1', 'Q?');
    let liveAfterRetry = '';
    const result = await runResearch(
      { cite: citeAnswer, engine, tools: fakeTools(), clock: Date.now },
      { question: 'Capital of Portugal?', settings: { date: '2026-03-01', temperature: 0 } },
      {
        onEvent: (e) => {
          events.push(e);
          view = applyEvent(view, e);
          // The live turn just before the answer step is saved: what the panel shows streaming.
          if (view.live) liveAfterRetry = `${view.live.think}${view.live.action}`;
        },
      },
    );
    expect(result.answer).toBe('Lisbon');
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ reason: 'stalled' });
    expect(liveAfterRetry).toContain('Lisbon');
    expect(liveAfterRetry).not.toContain('STALLED PARTIAL');
    // Deltas after the retry carry the attempt number the panel now shows.
    const retry = events.findIndex((e) => e.type === 'retry');
    const later = events.slice(retry).find((e) => e.type === 'delta');
    expect(later).toMatchObject({ attempt: 2 });
    expect(result.steps.at(-1)?.raw ?? '').not.toContain('STALLED');
  });
});
