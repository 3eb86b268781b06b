import { describe, expect, it } from 'vitest';
import { buildExtractorPrompt, parseExtractorOutput } from '../../../../src/tools/browse/evidence/extractor';

describe('extractor output', () => {
  it('parses a plain JSON reply', () => {
    const out = parseExtractorOutput(
      '{"rational": "section 2", "evidence": "Rate is 5%.", "summary": "The rate is 5%."}',
    );
    expect(out).toEqual({ rational: 'section 2', evidence: 'Rate is 5%.', summary: 'The rate is 5%.' });
  });

  it('parses a fenced reply with thinking, prose, a trailing comma and raw newlines', () => {
    const text = `<think>{"evidence": "wrong"}</think>Here you go:\n\`\`\`json\n{"rational": "intro",\n "evidence": ["line one", "line two"],\n "summary": "two\nlines",}\n\`\`\``;
    expect(parseExtractorOutput(text)).toEqual({
      rational: 'intro',
      evidence: 'line one\nline two',
      summary: 'two\nlines',
    });
  });

  it('returns null for replies that do not parse or lack fields', () => {
    expect(parseExtractorOutput('I could not find anything.')).toBeNull();
    expect(parseExtractorOutput('{"evidence": "only evidence"}')).toBeNull();
    expect(parseExtractorOutput('{"evidence": "x", "summary": ')).toBeNull();
    expect(parseExtractorOutput('{"evidence": "", "summary": ""}')).toBeNull();
  });

  it('builds a prompt carrying the page and the goal', () => {
    const prompt = buildExtractorPrompt('# Page\n\nBody text.', 'find the rate');
    expect(prompt).toContain('Body text.');
    expect(prompt).toContain('find the rate');
    expect(prompt).toContain('"evidence"');
  });
});
