// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent, AgentStep } from '../../../../src/agent/types';
import { SessionView } from '../../../../src/ui/session/session-view';
import { step } from '../../export/sample-session';
import { type FakeWorld, fakeWorld, mount, q, qa, tEn, unmount, until } from '../helpers';

/**
 * Streaming a long run must cost the same per frame at step 200 as at step 2: every step line (and
 * the live line) translates its `lineStep` label when it renders, so any line that re-renders
 * shows up here.
 */
describe('streaming into a long session', () => {
  let world: FakeWorld;
  let root: HTMLElement | null = null;
  let rendered: string[] = [];
  const STEPS = 60;

  beforeEach(async () => {
    world = await fakeWorld();
  });
  afterEach(() => {
    if (root) unmount(root);
    root = null;
  });

  const ev = (event: AgentEvent) => world.emit({ type: 'session', sessionId: 's1', event });
  const search = (seq: number): AgentStep =>
    step(seq, { kind: 'search', query: [`topic ${seq}`] }, null, { status: 'done' });

  async function mountRunning() {
    const t = (key: string, subs?: string | string[]) => {
      if (key === 'lineStep') rendered.push(`${key}:${String(subs)}`);
      return tEn(key, subs);
    };
    const services = { ...world.services, t };
    root = mount(
      <SessionView
        services={services}
        id="s1"
        question="Q?"
        onSwitch={() => undefined}
        onError={() => undefined}
      />,
    );
    await until(() => world.listeners() > 0);
    ev({ type: 'start', runId: 'r1', question: 'Q?', systemPrompt: 'sys', resumedAt: 0 });
    for (let i = 0; i < STEPS; i++) ev({ type: 'step-done', step: search(i) });
    ev({ type: 'stats', stats: statsOf(STEPS) });
    ev({ type: 'request', seq: STEPS, attempt: 1, promptTokens: 1, prefillTokens: 1 });
    const r = root;
    await until(() => qa(r, 'step-card').length === STEPS && q(r, 'live-step') !== null);
    return r;
  }

  it('applies deltas to the live card only', async () => {
    const r = await mountRunning();
    rendered = [];
    for (let i = 0; i < 5; i++) {
      ev({ type: 'delta', seq: STEPS, attempt: 1, text: `word${i} `, phase: 'think' });
      // Each delta shown before the next is sent, so each is its own render.
      await until(() => q(r, 'live-step')?.textContent?.includes(`word${i}`) ?? false);
    }
    expect(q(r, 'live-step')?.textContent).toContain('word4');
    // Only the live line rendered (once per frame); no finished step did.
    expect(new Set(rendered)).toEqual(new Set([`lineStep:${STEPS + 1}`]));
  });

  it('finishing a step renders only that step', async () => {
    const r = await mountRunning();
    rendered = [];
    ev({ type: 'step-done', step: search(STEPS) });
    await until(() => qa(r, 'step-card').length === STEPS + 1 && q(r, 'live-step') === null);
    expect(new Set(rendered)).toEqual(new Set([`lineStep:${STEPS + 1}`]));
  });
});

function statsOf(steps: number) {
  return {
    steps,
    searches: steps,
    visits: 0,
    browseShare: 0,
    duplicates: 0,
    retries: 0,
    parseFailures: 0,
    folds: 0,
    tokensIn: 0,
    tokensOut: 0,
    prefillTokens: 0,
    peakContextTokens: 0,
    contextTokens: 0,
    elapsedMs: 0,
  };
}
