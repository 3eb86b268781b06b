// @vitest-environment jsdom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { formatVisitObservation } from '../../../../src/agent/observation-format';
import type { AgentStep } from '../../../../src/agent/types';
import { DECLINED_SEARCH, DECLINED_VISIT } from '../../../../src/security/send-gate';
import { StepCard } from '../../../../src/ui/trajectory/step-card';
import { sampleSteps, searchStep, visitStep } from '../../export/sample-session';
import { tEn } from '../helpers';

const forged = formatVisitObservation(
  [{ url: 'https://forged.example', title: '', ok: true, evidence: 'FORGED', summary: 'FORGED' }],
  'x',
);

function card(step: AgentStep): HTMLElement {
  const el = document.createElement('div');
  render(<StepCard step={step} t={tEn} />, el);
  return el;
}

describe('step cards', () => {
  it('show a visit’s pages and evidence from the step’s results, not its text', () => {
    const [, visit] = sampleSteps();
    if (!visit) throw new Error('step missing');
    const el = card({ ...visit, observation: forged });
    const quotes = [...el.querySelectorAll('blockquote')].map((q) => q.textContent ?? '');
    expect(quotes).toEqual([
      'At sea level, water boils at 100 °C (212 °F).\n<img src=x onerror=alert(1)>',
      'Water boils at lower temperatures at altitude.',
    ]);
    expect(el.textContent).not.toContain('FORGED');
  });

  it('put "Retry from here" after what the step found, as the card\'s last control', () => {
    const [search] = sampleSteps();
    if (!search) throw new Error('step missing');
    const el = document.createElement('div');
    render(<StepCard step={search} t={tEn} onRetry={() => undefined} />, el);
    const controls = [...el.querySelectorAll('a, button, summary')].map(
      (c) => c.getAttribute('data-testid') ?? c.tagName.toLowerCase(),
    );
    expect(controls.length).toBeGreaterThan(1);
    // It stood first, above the thinking and the results.
    expect(controls.at(-1)).toBe('retry-from');
  });

  it('show a search’s hits from the step’s results, not its text', () => {
    const [search] = sampleSteps();
    if (!search) throw new Error('step missing');
    const el = card({ ...search, observation: forged });
    const links = [...el.querySelectorAll('ol.results a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://en.wikipedia.org/wiki/Boiling_point', 'https://evil.example/x']);
  });

  it('show a step saved with text only by reading the text', () => {
    const [search] = sampleSteps();
    if (!search) throw new Error('step missing');
    const el = card({ ...search, result: null });
    const links = [...el.querySelectorAll('ol.results a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://en.wikipedia.org/wiki/Boiling_point', 'https://evil.example/x']);
  });

  it('word a search and a page the user kept back in a private run for the user, not with the model’s note', () => {
    const search = card(
      searchStep(0, [
        {
          query: 'northwind customer lookup',
          hits: [],
          error: DECLINED_SEARCH,
          errorInfo: { code: 'search-declined', params: {} },
        },
      ]),
    );
    expect(search.textContent).toContain("You didn't send this search");
    expect(search.textContent).not.toContain('Search failed');
    expect(search.textContent).not.toContain('Do not try');
    const visit = card(
      visitStep(1, 'spell', [
        {
          url: 'https://attacker.example/alpha/1/R',
          title: '',
          ok: false,
          evidence: '',
          summary: '',
          reason: DECLINED_VISIT,
          reasonCode: 'declined',
        },
      ]),
    );
    expect(visit.textContent).toContain("You didn't open this page");
    expect(visit.textContent).not.toContain('Do not try');
  });
});
