import { describe, expect, it } from 'vitest';
import { markdownToReadableText } from '../../../src/extract/words';

// Evidence cards and evidence summaries show page markdown as prose: no escapes or emphasis marks.
describe('markdown read as prose', () => {
  it('drops the backslashes turndown puts before list-like numbers and marks', () => {
    expect(markdownToReadableText('1\\. Preheat the oven.\n2\\. Mix \\*all\\* of it \\[sic\\].')).toBe(
      '1. Preheat the oven.\n2. Mix *all* of it [sic].',
    );
  });

  it('drops underscore and star emphasis but keeps underscores inside names', () => {
    expect(markdownToReadableText('It is _very_ hot and *dry* in snake_case_land.')).toBe(
      'It is very hot and dry in snake_case_land.',
    );
    expect(markdownToReadableText('An escaped \\_underscore\\_ stays.')).toBe(
      'An escaped _underscore_ stays.',
    );
  });

  it('keeps bold, code and link text as plain words', () => {
    expect(markdownToReadableText('**Bold** and `code` and [a link](https://x.example/).')).toBe(
      'Bold and code and a link.',
    );
  });
});
