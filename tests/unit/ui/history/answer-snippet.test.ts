import { describe, expect, it } from 'vitest';
import { answerSnippet } from '../../../../src/ui/history/history-row';

describe("a history row's answer snippet", () => {
  it('reads as the first sentences of the prose, without headings or list markers', () => {
    // The row read "Short answer Page a human reads first. Details - more".
    const answer = [
      '## Short answer',
      '',
      'A runbook is the page a human reads first when an alert fires. It says what to check.',
      '',
      '## Details',
      '',
      '- more about alerts',
      '- and **dashboards**',
    ].join('\n');
    expect(answerSnippet(answer)).toBe(
      'A runbook is the page a human reads first when an alert fires. It says what to check.',
    );
  });

  it('skips a bold line that stands as a heading, code and tables, and keeps inline emphasis as words', () => {
    const answer = [
      '**Short answer:**',
      '| a | b |',
      '|---|---|',
      '```js',
      'const x = 1;',
      '```',
      'Blanket.js works with **Mocha** through [its reporter](https://example.org/r).',
    ].join('\n');
    expect(answerSnippet(answer)).toBe('Blanket.js works with Mocha through its reporter.');
  });

  it('falls back to list items when the answer is only a list, and cuts a long text at a sentence end', () => {
    expect(answerSnippet('## Steps\n\n- Install it.\n- Run it.')).toBe('Install it. Run it.');
    const long = `${'This sentence is about forty characters. '.repeat(8)}`;
    const snippet = answerSnippet(long);
    expect(snippet.length).toBeLessThanOrEqual(180);
    expect(snippet.endsWith('characters.')).toBe(true);
  });
});
