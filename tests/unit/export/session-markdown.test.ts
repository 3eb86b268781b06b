import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { sessionToMarkdown } from '../../../src/export';
import { toJson } from '../../../src/store/json';
import { sampleSession, sampleSteps } from './sample-session';

const golden = (name: string) =>
  readFileSync(new URL(`../../fixtures/export/${name}`, import.meta.url), 'utf8');

describe('sessionToMarkdown', () => {
  it('writes question, cited answer and sources with the date each page was read', () => {
    expect(sessionToMarkdown(sampleSession(), sampleSteps(), { trail: false })).toBe(
      golden('answer-only.md'),
    );
  });

  it('adds the research trail in collapsible sections when asked', () => {
    expect(sessionToMarkdown(sampleSession(), sampleSteps(), { trail: true })).toBe(golden('with-trail.md'));
  });

  it('falls back to the plain answer and lists pages read when there are no citations', () => {
    const session = sampleSession({
      citations: undefined,
      origin: 'page',
      originUrl: 'https://news.example/article',
      originTitle: 'An article',
    });
    expect(sessionToMarkdown(session, sampleSteps().slice(0, 2), { trail: false })).toBe(
      golden('no-citations.md'),
    );
  });

  it('keeps page text from becoming live HTML in the trail', () => {
    const md = sessionToMarkdown(sampleSession(), sampleSteps(), { trail: true });
    expect(md).not.toContain('<img');
    expect(md).not.toContain('<script>');
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('uses the answer step while the session has not been patched with its answer', () => {
    const md = sessionToMarkdown(sampleSession({ answer: undefined, citations: undefined }), sampleSteps(), {
      trail: false,
    });
    expect(md).toContain('The moon is made of cheese.');
  });

  it('never turns a javascript: source into a link', () => {
    const session = sampleSession({
      citations: {
        sentences: [{ text: 'Claim.', citations: [1], supported: true }],
        sources: [{ n: 1, url: 'javascript:alert(1)', title: 'Bad' }],
      },
    });
    const md = sessionToMarkdown(session, [], { trail: false });
    expect(md).not.toMatch(/\]\(javascript:/);
    expect(md).toContain('Claim. [1]');
  });

  it('never writes "(no source)" after a heading or list label, only after an unsupported claim', () => {
    const page = {
      url: 'https://example.org/water',
      title: 'Water',
      text: 'Water boils at 100 °C at sea level.',
    };
    const answer =
      '## Boiling\n\n**Key points:**\n\n- Water boils at 100 °C at sea level.\n- The moon is cheese.\n';
    const session = sampleSession({ answer, citations: toJson(citeAnswer(answer, [page])) });
    const md = sessionToMarkdown(session, [], { trail: false });
    expect(md).toContain('## Boiling\n');
    expect(md).toContain('**Key points:**\n');
    expect(md).toContain('- Water boils at 100 °C at sea level. [1]');
    expect(md).toContain('- The moon is cheese. _(no source)_');
    expect(md.match(/\(no source\)/g)).toHaveLength(2);
  });
});
