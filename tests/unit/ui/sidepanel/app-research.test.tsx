// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/agent/types';
import { stepToRecord } from '../../../../src/store/step-codec';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import { CITED, sampleSession, sampleSteps } from '../../export/sample-session';
import {
  click,
  eventually,
  type FakeWorld,
  fakeWorld,
  find,
  key,
  mount,
  q,
  qa,
  type,
  unmount,
  until,
} from '../helpers';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await fakeWorld();
  world.handle('runner.start', () => ({ sessionId: 's1' }));
});
afterEach(() => unmount(root));

const send = (type: string) => world.sent.filter((m) => m.type === type);

/** Starts a session and waits until its view is up and listening for the run's events. */
async function startSession(question = 'Why is the sky blue?') {
  root = mount(<SidePanelApp services={world.services} />);
  const box = await find<HTMLTextAreaElement>(root, 'question');
  type(box, question);
  key(box, 'Enter');
  await until(() => send('runner.start').length === 1 && world.listeners() > 0);
}

describe('asking a question', () => {
  it('starts on Enter with the typed question; Shift+Enter does not start', async () => {
    root = mount(<SidePanelApp services={world.services} />);
    const box = await find<HTMLTextAreaElement>(root, 'question');
    type(box, 'Why is the sky blue?');
    key(box, 'Enter', { shiftKey: true });
    expect(send('runner.start')).toHaveLength(0);
    key(box, 'Enter');
    await eventually(() =>
      expect(root.querySelector('.session-question')?.textContent).toBe('Why is the sky blue?'),
    );
    // Exactly one start: the Shift+Enter above started nothing.
    expect(send('runner.start').map((m) => m.payload)).toEqual([
      { question: 'Why is the sky blue?', origin: 'ask' },
    ]);
    await eventually(() =>
      expect(root.querySelector('.session-question')?.textContent).toBe('Why is the sky blue?'),
    );
    // The running session takes the panel, with no "+ New question" while it runs (a new question
    // would take its place on screen while it goes on unseen).
    expect(q(root, 'question')).toBeNull();
    expect(q(root, 'new-question')).toBeNull();
    // Once it has ended, a new question is one click away, in an empty box.
    world.handle('runner.active', () => ({ sessionIds: [] }));
    world.emit({ type: 'sessions-changed' });
    click(await find(root, 'new-question'));
    await find(root, 'question');
    expect(q<HTMLTextAreaElement>(root, 'question')?.value).toBe('');
  });

  it('the health dot says "Running…" while a run goes and "Ready" again once it ends', async () => {
    await startSession();
    const health = () => [q(root, 'health')?.dataset.health, q(root, 'health')?.textContent];
    // The model was ready before the run; "Ready" beside a run in progress told the user nothing was going on.
    await eventually(() => expect(health()).toEqual(['running', 'Running…']));
    world.handle('runner.active', () => ({ sessionIds: [] }));
    world.emit({ type: 'sessions-changed' });
    await eventually(() => expect(health()).toEqual(['ok', 'Ready']));
  });

  it('shows why starting failed', async () => {
    world.handle('runner.start', () => {
      throw new Error('Load a model first');
    });
    root = mount(<SidePanelApp services={world.services} />);
    const box = await find<HTMLTextAreaElement>(root, 'question');
    type(box, 'Why is the sky blue?');
    key(box, 'Enter');
    await eventually(() => expect(q(root, 'error-banner')?.textContent).toContain('Load a model first'));
  });
});

describe('live trajectory', () => {
  it('streams thinking, then shows search and visit cards with results and evidence', async () => {
    await startSession();
    const [s0, s1] = sampleSteps();
    if (!s0 || !s1) throw new Error('fixture');
    const ev = (event: AgentEvent) => world.emit({ type: 'session', sessionId: 's1', event });
    ev({ type: 'request', seq: 0, attempt: 1, promptTokens: 1, prefillTokens: 1 });
    ev({ type: 'delta', seq: 0, attempt: 1, text: 'Rayleigh ', phase: 'think' });
    ev({ type: 'delta', seq: 0, attempt: 1, text: 'scattering?', phase: 'think' });
    await eventually(() => expect(q(root, 'live-step')?.textContent).toContain('Rayleigh scattering?'));

    ev({ type: 'step-started', step: { ...s0, status: 'pending', observation: null } });
    await eventually(() => {
      expect(q(root, 'live-step')).toBeNull();
      expect(qa(root, 'step-card').map((c) => [c.dataset.kind, c.dataset.status])).toEqual([
        ['search', 'pending'],
      ]);
    });

    ev({ type: 'step-done', step: s0 });
    ev({ type: 'step-done', step: s1 });
    await eventually(() =>
      expect(qa(root, 'step-card').map((c) => [c.dataset.kind, c.dataset.status])).toEqual([
        ['search', 'done'],
        ['visit', 'done'],
      ]),
    );
    const cards = qa(root, 'step-card');
    // One line per step, in words (no tool-call JSON); opening a line shows its results.
    expect(cards[0]?.textContent).toContain('Searched: boiling point of water');
    expect(cards[1]?.textContent).toContain('Read en.wikipedia.org, example.com');
    expect(root.querySelector('.trajectory')?.textContent).not.toMatch(/"name"|tool_call|\{"/);
    for (const c of cards) click(c.querySelector('button.line-row'));
    await eventually(() => expect(cards[0]?.textContent).toContain('Boiling point - Wikipedia'));
    expect(cards[0]?.textContent).toContain('Boiling point - Wikipedia');
    expect(cards[0]?.textContent).toContain('en.wikipedia.org');
    // Hostile titles are text, not markup.
    expect(cards[0]?.querySelector('script')).toBeNull();
    expect(cards[1]?.textContent).toContain('At sea level, water boils at 100 °C');
    expect(cards[1]?.querySelector('a[href="https://www.example.com/altitude"]')?.getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    // Thinking is there but collapsed.
    expect(cards[0]?.querySelector('details.thinking')?.hasAttribute('open')).toBe(false);
  });

  it('shows the cited answer and its sources', async () => {
    await startSession();
    world.emit({
      type: 'session',
      sessionId: 's1',
      event: { type: 'answer', text: 'x', forced: false, citations: CITED },
    });
    await until(() => qa(root, 'citation').length > 0);
    const links = qa<HTMLAnchorElement>(root, 'citation');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://en.wikipedia.org/wiki/Boiling_point',
      'https://en.wikipedia.org/wiki/Boiling_point',
      'https://www.example.com/altitude',
    ]);
    // One quiet mark after the unsupported sentence, never a tab stop.
    expect(qa(root, 'unsupported')).toHaveLength(1);
    expect(q(root, 'answer')?.querySelector('[tabindex]')).toBeNull();
    expect(q(root, 'sources')?.textContent).toContain('Cooking at [altitude]');
  });

  it('shows a search provider failure from the run', async () => {
    await startSession();
    world.emit({
      type: 'session',
      sessionId: 's1',
      event: {
        type: 'error',
        code: 'tool-failed',
        message: 'All search providers failed: 429',
        fatal: false,
      },
    });
    await eventually(() =>
      expect(q(root, 'error-banner')?.textContent).toContain('All search providers failed: 429'),
    );
  });

  it('sends stop, answer now and a steering note for the running session', async () => {
    await startSession();
    world.handle('runner.stop', () => ({ stopped: true }));
    world.handle('runner.answerNow', () => ({ accepted: true }));
    world.handle('runner.steer', () => ({ accepted: true }));
    world.emit({
      type: 'session',
      sessionId: 's1',
      event: { type: 'request', seq: 0, attempt: 1, promptTokens: 1, prefillTokens: 1 },
    });
    click(await find(root, 'answer-now'));
    type(await find<HTMLInputElement>(root, 'steer'), 'prefer primary sources');
    click(q(root, 'steer-send'));
    click(q(root, 'stop'));
    await until(() => send('runner.stop').length > 0);
    expect(send('runner.answerNow').map((m) => m.payload)).toEqual([{ sessionId: 's1' }]);
    expect(send('runner.steer').map((m) => m.payload)).toEqual([
      { sessionId: 's1', note: 'prefer primary sources' },
    ]);
    expect(send('runner.stop').map((m) => m.payload)).toEqual([{ sessionId: 's1' }]);
  });
});

describe('reopening the panel', () => {
  it('reattaches to the active session and shows what the store has', async () => {
    await world.store.sessions.create({ ...sampleSession({ status: 'running' }), id: 'run-1' });
    for (const s of sampleSteps()) await world.store.steps.put(stepToRecord('run-1', s));
    world.handle('runner.active', () => ({ sessionIds: ['run-1'] }));
    root = mount(<SidePanelApp services={world.services} />);
    await until(() => qa(root, 'step-card').length > 0);
    expect(qa(root, 'step-card').map((c) => c.dataset.kind)).toEqual(['search', 'visit', 'visit', 'answer']);
    expect(q(root, 'stop')).not.toBeNull();
    expect(root.querySelector('.session-question')?.textContent).toBe('What is the boiling point of water?');
  });

  it('keeps a 200-step run light: every step is one line until opened', async () => {
    const [s0] = sampleSteps();
    if (!s0) throw new Error('fixture');
    await world.store.sessions.create({ ...sampleSession({ status: 'done' }), id: 'long' });
    for (let i = 0; i < 200; i++) await world.store.steps.put(stepToRecord('long', { ...s0, seq: i }));
    world.handle('runner.active', () => ({ sessionIds: ['long'] }));
    root = mount(<SidePanelApp services={world.services} />);
    await until(() => qa(root, 'step-card').length === 200);
    const cards = qa(root, 'step-card');
    expect(cards).toHaveLength(200);
    expect(root.querySelectorAll('article.step-card')).toHaveLength(0);
    click(cards[0]?.querySelector('button') ?? null);
    expect(root.querySelectorAll('article.step-card')).toHaveLength(1);
  });
});
