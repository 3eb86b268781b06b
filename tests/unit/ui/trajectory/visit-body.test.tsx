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
});
