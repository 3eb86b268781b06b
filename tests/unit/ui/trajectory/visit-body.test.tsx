// @vitest-environment jsdom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { VisitBody } from '../../../../src/ui/trajectory/visit-body';
import { tEn } from '../helpers';

describe('visit card', () => {
  it('shows the evidence as a reader sees it, without markdown link targets or emphasis', () => {
    const el = document.createElement('div');
    const url = 'https://example.org/coverage';
    render(
      <VisitBody
        urls={[url]}
        goal="coverage tools"
        frames={[
          {
            url,
            goal: 'coverage tools',
            domain: 'example.org',
            evidence: '**So you test [your code](https://example.org/x)?** Use `blanket.js`.',
            summary: 'A summary.',
          },
        ]}
        t={tEn}
      />,
      el,
    );
    const quote = el.querySelector('blockquote')?.textContent ?? '';
    expect(quote).toBe('So you test your code? Use blanket.js.');
    expect(el.querySelector('a.open-page')?.getAttribute('href')).toBe(url);
  });

  it('says when ranked passages stood in for the summary model', () => {
    const el = document.createElement('div');
    const url = 'https://example.org/moon';
    const note =
      'The summary model could not be used (its reply was cut off at 2048 tokens); passages ranked for the goal stand in.';
    render(
      <VisitBody
        urls={[url]}
        goal="distance"
        frames={[
          { url, goal: 'distance', domain: 'example.org', evidence: 'The Moon is far.', summary: 's', note },
        ]}
        t={tEn}
      />,
      el,
    );
    expect(el.querySelector('[data-testid=summary-note]')?.textContent).toBe(note);
    expect(el.querySelector('[role=note]')).not.toBeNull();
  });

  it('says when the page was read as visible text because its article could not be picked out', () => {
    const el = document.createElement('div');
    const url = 'https://example.org/deep';
    const readNote =
      "The page is nested too deeply for the article extractor; this is the page's visible text instead.";
    render(
      <VisitBody
        urls={[url]}
        goal="g"
        frames={[{ url, goal: 'g', domain: 'example.org', evidence: 'Some text.', summary: 's', readNote }]}
        t={tEn}
      />,
      el,
    );
    expect(el.querySelector('[data-testid=read-note]')?.textContent).toBe(readNote);
    expect(el.querySelector('[data-testid=summary-note]')).toBeNull();
  });

  it('says when the page was too long for the window, with how much of it was read', () => {
    const el = document.createElement('div');
    const url = 'https://example.org/long';
    const frame = { url, goal: 'summary', domain: 'example.org', evidence: 'Start.', summary: 's' };
    render(
      <VisitBody
        urls={[url]}
        goal="summary"
        frames={[{ ...frame, cut: { read: 16_204, total: 60_000 } }]}
        t={tEn}
      />,
      el,
    );
    expect(el.querySelector('[data-testid=page-cut]')?.textContent).toBe(
      "The page is too long for the model's window: the first 16,204 of 60,000 characters were read.",
    );
    render(<VisitBody urls={[url]} goal="summary" frames={[frame]} t={tEn} />, el);
    expect(el.querySelector('[data-testid=page-cut]')).toBeNull();
  });
});
