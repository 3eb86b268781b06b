// @vitest-environment jsdom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { statsFromSteps } from '../../../../src/ui/trajectory/format-stats';
import { Trail } from '../../../../src/ui/trajectory/trail';
import { sampleSteps } from '../../export/sample-session';
import { tEn } from '../helpers';

function trail(live: { seq: number } | null, partial: { seq: number } | null): HTMLElement {
  const steps = sampleSteps().slice(0, 2);
  const turn = (seq: number) => ({ seq, attempt: 0, think: 'weigh the sources', action: '' });
  const el = document.createElement('div');
  render(
    <Trail
      steps={steps}
      live={live ? turn(live.seq) : null}
      partial={partial ? { turn: turn(partial.seq), how: 'stopped' } : null}
      stats={statsFromSteps(steps)}
      statsAt={0}
      running={live !== null}
      answered={false}
      pendingNotes={[]}
      answering={false}
      t={tEn}
    />,
    el,
  );
  return el;
}

const summary = (el: HTMLElement) => el.querySelector('[data-testid="trail-summary"]')?.textContent ?? '';
const stepFigure = (el: HTMLElement) => el.querySelector('[data-stat="steps"] dd')?.textContent;

describe('the trail while a step is being written', () => {
  it('counts the step on screen in the summary and the figures', () => {
    const el = trail({ seq: 2 }, null);
    expect(el.querySelector('[data-testid="live-step"] .seq')?.textContent).toBe('3');
    // Both said 2 while a "3 Thinking…" line showed under them.
    expect(summary(el)).toMatch(/^3 steps · /);
    expect(stepFigure(el)).toBe('3');
  });

  it('counts a turn a stop cut off, which stays on screen with its number', () => {
    const el = trail(null, { seq: 2 });
    expect(summary(el)).toMatch(/^3 steps · /);
    expect(stepFigure(el)).toBe('3');
  });

  it('counts finished steps alone when nothing is being written', () => {
    const el = trail(null, null);
    expect(summary(el)).toMatch(/^2 steps · /);
    expect(stepFigure(el)).toBe('2');
  });
});

describe("the trail's figures", () => {
  it('name the share of page reads in plain words and say what it counts on hover', () => {
    const figure = trail(null, null).querySelector<HTMLElement>('[data-stat="browse"]');
    // It read "Browse share 50%", with nothing to say of what.
    expect(figure?.querySelector('dt')?.textContent).toBe('Reading vs searching');
    expect(figure?.querySelector('dd')?.textContent).toBe('50%');
    expect(figure?.title).toBe('1 of 2 actions read pages; the rest were searches.');
  });
});
