import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

/** The quote shown for the first sentence of an answer cited from one page. */
function quote(answer: string, text: string): string | undefined {
  const cited = citeAnswer(answer, [{ url: 'https://sre.example/monitoring', title: 'Monitoring', text }]);
  expect(cited.sentences[0]?.citations).toEqual([1]);
  return cited.sentences[0]?.quotes?.[0];
}

// Markdown a reader never sees: heading marks, link or gap brackets, emphasis, bullets, table pipes.
const MARKDOWN = /(?:^|\s)#{1,6}\s|[[\]|]|\*\*|__|`|(?:^|\s)[-*+•]\s/;

describe('citation quotes read as the page does', () => {
  it('shows a sentence once and whole when the window straddles two copies of it', () => {
    // Passages the model saw, then its summary restating them: the shortest stretch holding the
    // claim runs from the end of the first copy into the start of the second.
    const page = [
      'The four golden signals, which the chapter returns to in its advice on paging and dashboards for every service, are latency, traffic, errors, and saturation.',
      '',
      'The four golden signals are latency and traffic, plus two that the chapter goes on to describe with examples from Gmail and search: errors and saturation.',
    ].join('\n');
    const q = quote('The four golden signals are latency, traffic, errors and saturation.', page) ?? '';
    expect(q.startsWith('The four golden signals')).toBe(true);
    expect(q).not.toMatch(/^errors/);
    expect(q.match(/four golden signals/g)).toHaveLength(1);
    expect(q).toMatch(/saturation\.$/);
  });

  it('never shows markdown: no gap marker, heading marks, link brackets, emphasis, bullets or pipes', () => {
    const page = [
      'Sleuth reads every page in a tab of its own.',
      '',
      '[…]',
      '',
      '## Architecture',
      'The **runner** lives in the [offscreen document](https://developer.chrome.com/docs/offscreen) and drives the loop.',
      '',
      '- The panel talks to the runner through messages.',
      '',
      '| Part | Runs in |',
      '| --- | --- |',
      '| runner | offscreen document |',
    ].join('\n');
    const q = quote(
      "In Sleuth's architecture, the runner lives in the offscreen document and drives the loop.",
      page,
    );
    expect(q).toContain('The runner lives in the offscreen document and drives the loop.');
    expect(q).not.toMatch(MARKDOWN);
    expect(q).not.toContain('…]');
    const table = quote('The runner runs in the offscreen document.', page);
    expect(table).not.toMatch(MARKDOWN);
  });

  it('drops footnote links and joins a term line to its definition as a reader would', () => {
    const wiki = 'New Zealand has a population of 4,933,210.[\\[5\\]](#cite_note-5) It lies in the Pacific.';
    const q = quote('New Zealand has a population of 4,933,210.', wiki);
    expect(q).toContain('New Zealand has a population of 4,933,210.');
    expect(q).not.toMatch(/[[\]]|cite_note|\b5\b/);
    const glossary =
      'Latency\nThe time it takes to service a request, successful or not.\nTraffic\nHow much demand is placed on the system.';
    expect(quote('Latency is the time it takes to service a request.', glossary)).toBe(
      'Latency: The time it takes to service a request, successful or not.',
    );
  });

  it('cuts a quote on the page sentences around the words it holds, never inside one', () => {
    const page =
      'Alerts page a human. Dashboards show the golden signals. The four golden signals of monitoring are latency, traffic, errors, and saturation. Black-box monitoring tests what users see.';
    expect(
      quote('The four golden signals of monitoring are latency, traffic, errors, and saturation.', page),
    ).toBe('The four golden signals of monitoring are latency, traffic, errors, and saturation.');
  });
});
