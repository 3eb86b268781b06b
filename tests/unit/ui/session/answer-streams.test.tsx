// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/agent/types';
import { SessionView } from '../../../../src/ui/session/session-view';
import { type FakeWorld, fakeWorld, mount, q, unmount, until } from '../helpers';

/** The answer turn streams into the answer's place, rendered as markdown as it grows. */
describe('the answer as it is written', () => {
  let world: FakeWorld;
  let root: HTMLElement | null = null;
  beforeEach(async () => {
    world = await fakeWorld();
  });
  afterEach(() => {
    if (root) unmount(root);
    root = null;
  });
  const ev = (event: AgentEvent) => world.emit({ type: 'session', sessionId: 's1', event });

  async function running(question = 'Q?') {
    root = mount(
      <SessionView
        services={world.services}
        id="s1"
        question={question}
        onSwitch={() => undefined}
        onError={() => undefined}
      />,
    );
    await until(() => world.listeners() > 0);
    return root;
  }

  it('grows on screen delta by delta, markdown rendered, with no tag fragments', async () => {
    const r = await running();
    ev({ type: 'start', runId: 'r1', question: 'Q?', systemPrompt: 'sys', resumedAt: 0 });
    ev({ type: 'request', seq: 0, attempt: 1, promptTokens: 1, prefillTokens: 1 });
    ev({ type: 'delta', seq: 0, attempt: 1, text: '<think>\nok\n</think>', phase: 'think' });
    const pieces = ['\n<an', 'swer>\n## Short', ' answer\n\nLisbon is **the', ' capital**.\n</ans'];
    const shown = () => q(r, 'answer-draft')?.querySelector('.answer-body')?.textContent?.length ?? -1;
    const lengths: number[] = [];
    for (const text of pieces) {
      ev({ type: 'delta', seq: 0, attempt: 1, text, phase: 'action' });
      if (text === '\n<an') continue;
      const before = lengths.at(-1) ?? -1;
      await until(() => shown() > before);
      lengths.push(shown());
    }
    expect(new Set(lengths).size).toBe(3);
    const body = q(r, 'answer-draft')?.querySelector('.answer-body');
    expect(body?.querySelector('h2')?.textContent).toBe('Short answer');
    expect(body?.querySelector('strong')?.textContent).toBe('the capital');
    expect(body?.textContent).not.toMatch(/<|answer>/);
    // The cited answer takes the draft's place.
    ev({
      type: 'answer',
      text: 'Lisbon is the capital.',
      forced: false,
      citations: { sentences: [], sources: [] },
    });
    await until(() => q(r, 'answer') !== null);
    expect(q(r, 'answer-draft')).toBeNull();
  });

  it("a follow-up's heading stays what the user typed, not the run's question for the model", async () => {
    const r = await running('And Spain?');
    ev({
      type: 'start',
      runId: 'r1',
      question:
        'And Spain?\n\nThis question follows an earlier one in the same conversation.\nEarlier answer: ## Short',
      systemPrompt: 'sys',
      resumedAt: 0,
    });
    ev({ type: 'request', seq: 0, attempt: 1, promptTokens: 1, prefillTokens: 1 });
    await until(() => q(r, 'live-step') !== null);
    expect(r.querySelector('#session-title')?.textContent).toBe('And Spain?');
  });
});
