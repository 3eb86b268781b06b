import { describe, expect, it } from 'vitest';
import { sessionToMarkdown } from '../../../src/export';
import { nestHeadings } from '../../../src/export/nest-headings';
import { sampleSession, sampleSteps } from './sample-session';

// An exported answer's "## Short answer" stood at the level of the export's own "## Answer".
describe("the answer's headings in the markdown export", () => {
  it('sit under "## Answer"', () => {
    const md = sessionToMarkdown(
      sampleSession({ answer: '## Short answer\n\nWater boils at 100 °C at sea level.', citations: null }),
      sampleSteps(),
      { trail: false },
    );
    const headings = md.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.slice(0, 3)).toEqual([
      '# What is the boiling point of water?',
      '## Answer',
      '### Short answer',
    ]);
  });

  it('keep their order, never pass six levels, and leave code and plain answers alone', () => {
    expect(nestHeadings('# A\ntext\n## B\n##### E')).toBe('### A\ntext\n#### B\n###### E');
    expect(nestHeadings('```\n# not a heading\n```\n## B')).toBe('```\n# not a heading\n```\n### B');
    expect(nestHeadings('#hashtag and text')).toBe('#hashtag and text');
    expect(nestHeadings('### Already deep')).toBe('### Already deep');
  });
});
