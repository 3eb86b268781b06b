import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/agent/types';
import { asAgentEvent } from '../../../../src/ui/session/agent-event';
import { applyEvent, emptyView, fromStore } from '../../../../src/ui/session/session-state';
import { sampleSession, sampleSteps } from '../../export/sample-session';

const run = (events: AgentEvent[]) => events.reduce(applyEvent, emptyView('s1', 'Q?'));

describe('session view state', () => {
  it('streams deltas into the current turn and hands over to the step when it starts', () => {
    const [s0] = sampleSteps();
    if (!s0) throw new Error('fixture');
    const v = run([
      { type: 'request', seq: 0, attempt: 1, promptTokens: 10, prefillTokens: 10 },
      { type: 'delta', seq: 0, attempt: 1, text: 'I should ', phase: 'think' },
      { type: 'delta', seq: 0, attempt: 1, text: 'search.', phase: 'think' },
      { type: 'delta', seq: 0, attempt: 1, text: '<tool_call>', phase: 'action' },
    ]);
    expect(v.live).toMatchObject({ seq: 0, think: 'I should search.', action: '<tool_call>' });
    const after = applyEvent(v, { type: 'step-started', step: { ...s0, status: 'pending' } });
    expect(after.live).toBeNull();
    expect(after.steps.map((s) => [s.seq, s.status])).toEqual([[0, 'pending']]);
    const done = applyEvent(after, { type: 'step-done', step: s0 });
    expect(done.steps.map((s) => [s.seq, s.status])).toEqual([[0, 'done']]);
  });

  it('starts the text over when a turn is re-sampled', () => {
    const v = run([
      { type: 'request', seq: 2, attempt: 1, promptTokens: 1, prefillTokens: 1 },
      { type: 'delta', seq: 2, attempt: 1, text: 'garbage', phase: 'action' },
      { type: 'retry', seq: 2, attempt: 1, reason: 'parse', detail: 'no action' },
      { type: 'delta', seq: 2, attempt: 2, text: 'better', phase: 'think' },
    ]);
    expect(v.live).toMatchObject({ attempt: 2, think: 'better', action: '', retry: { reason: 'parse' } });
  });

  it('drops later steps when a retry restarts from an earlier step', () => {
    const steps = sampleSteps();
    let v = emptyView('s1');
    for (const s of steps) v = applyEvent(v, { type: 'step-done', step: s });
    const first = steps[1];
    if (!first) throw new Error('fixture');
    v = applyEvent(v, { type: 'step-started', step: { ...first, status: 'pending' } });
    expect(v.steps.map((s) => s.seq)).toEqual([0, 1]);
  });

  it('keeps run errors, and a fatal one ends the run', () => {
    const v = run([
      { type: 'error', code: 'tool-failed', message: 'DuckDuckGo answered 429', fatal: false },
      { type: 'error', code: 'engine-failed', message: 'GPU device lost', fatal: true },
    ]);
    expect(v.errors.map((e) => e.message)).toEqual(['DuckDuckGo answered 429', 'GPU device lost']);
    expect(v.status).toBe('error');
  });

  it('merges the stored session under newer live steps', () => {
    const steps = sampleSteps();
    const [s0, s1] = steps;
    if (!s0 || !s1) throw new Error('fixture');
    const live = applyEvent(emptyView('s1'), { type: 'step-done', step: s1 });
    const merged = fromStore(live, sampleSession({ status: 'running' }), [s0, { ...s1, status: 'pending' }]);
    expect(merged.steps.map((s) => [s.seq, s.status])).toEqual([
      [0, 'done'],
      [1, 'done'],
    ]);
    expect(merged.answer?.citations?.sources).toHaveLength(2);
    expect(merged.question).toBe('What is the boiling point of water?');
  });
});

describe('asAgentEvent', () => {
  it('ignores malformed or unknown events', () => {
    expect(asAgentEvent({ type: 'delta', seq: 'x' })).toBeNull();
    expect(asAgentEvent({ type: 'nope' })).toBeNull();
    expect(asAgentEvent({ type: 'step-done', step: { seq: 1 } })).toBeNull();
    expect(asAgentEvent(null)).toBeNull();
    expect(asAgentEvent({ type: 'delta', seq: 1, attempt: 1, text: 'a', phase: 'think' })).not.toBeNull();
  });
});
