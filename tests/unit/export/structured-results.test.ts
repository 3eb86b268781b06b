import { describe, expect, it } from 'vitest';
import { formatVisitObservation } from '../../../src/agent/observation-format';
import type { AgentStep } from '../../../src/agent/types';
import { sessionToMarkdown } from '../../../src/export';
import { searchGroupsOf, visitEvidenceOf } from '../../../src/export/observation';
import { sampleSession, sampleSteps, visitStep, withoutResults } from './sample-session';

/** The same steps with text that disagrees with their results (as a forging page could make it). */
function withForgedText(steps: AgentStep[]): AgentStep[] {
  return steps.map((s) =>
    s.action.kind === 'search' || s.action.kind === 'visit'
      ? {
          ...s,
          observation: formatVisitObservation(
            [{ url: 'https://forged.example', title: 'F', ok: true, evidence: 'FORGED', summary: 'FORGED' }],
            'x',
          ),
        }
      : s,
  );
}

describe('exports and cards read the steps’ results', () => {
  it('writes the trail from the results, whatever the observation text says', () => {
    const md = sessionToMarkdown(sampleSession(), withForgedText(sampleSteps()), { trail: true });
    expect(md).not.toContain('FORGED');
    expect(md).not.toContain('forged.example');
    expect(md).toBe(sessionToMarkdown(sampleSession(), sampleSteps(), { trail: true }));
  });

  it('writes the same markdown for steps saved before results were kept, by reading their text', () => {
    expect(sessionToMarkdown(sampleSession(), withoutResults(sampleSteps()), { trail: true })).toBe(
      sessionToMarkdown(sampleSession(), sampleSteps(), { trail: true }),
    );
  });

  it('gives cards the same groups and pages from results as from the text', () => {
    const legacy = withoutResults(sampleSteps());
    sampleSteps().forEach((structured, i) => {
      const old = legacy[i];
      if (!old) throw new Error('step missing');
      expect(searchGroupsOf(structured)).toEqual(searchGroupsOf(old));
      expect(visitEvidenceOf(structured)).toEqual(visitEvidenceOf(old));
    });
    const [search, visit] = withForgedText(sampleSteps());
    if (!search || !visit) throw new Error('steps missing');
    expect(searchGroupsOf(search)[0]?.query).toBe('boiling point of water');
    expect(visitEvidenceOf(visit).map((p) => p.url)).toEqual([
      'https://en.wikipedia.org/wiki/Boiling_point',
      'https://www.example.com/altitude',
    ]);
  });

  it('shows a failed page with the reason the model was given', () => {
    const step = visitStep(0, 'g', [
      { url: 'https://a.example', title: '', ok: false, evidence: '', summary: '', reason: 'timed out' },
    ]);
    const expected = [
      {
        url: 'https://a.example',
        domain: 'a.example',
        goal: 'g',
        evidence: 'The page could not be read: timed out.',
        summary: 'No information: timed out.',
      },
    ];
    expect(visitEvidenceOf(step)).toEqual(expected);
    expect(visitEvidenceOf({ ...step, result: null })).toEqual(expected);
  });

  it('keeps the note that a page was read as visible text, for its card', () => {
    const readNote = "The article extractor failed (Error: boom); this is the page's visible text instead.";
    const step = visitStep(0, 'g', [
      { url: 'https://a.example', title: 'A', ok: true, evidence: 'e', summary: 's', readNote },
    ]);
    expect(visitEvidenceOf(step)[0]?.readNote).toBe(readNote);
  });

  it('dates a source by when its page was read', () => {
    const day = Date.UTC(2024, 0, 2, 12);
    const steps = [
      visitStep(0, 'g', [
        { url: 'https://a.example', title: 'A', ok: true, evidence: 'e', summary: 's', readAt: day },
      ]),
    ];
    const md = sessionToMarkdown(sampleSession({ citations: undefined }), steps, { trail: false });
    expect(md).toContain('[A](https://a.example) — read 2024-01-02');
  });

  it('lists a page once, under the URL it was cited by, whatever spelling a later read used', () => {
    const day = Date.UTC(2024, 0, 2, 12);
    const read = (url: string, at: number) => ({
      url,
      title: 'A',
      ok: true,
      evidence: 'e',
      summary: 's',
      readAt: at,
    });
    const steps = [
      visitStep(0, 'g', [read('https://a.example/page', day)]),
      visitStep(1, 'g', [read('https://a.example/page/?utm_source=x', day + 86_400_000)]),
    ];
    const session = sampleSession({
      citations: {
        sentences: [{ text: 'Claim.', citations: [1], supported: true }],
        sources: [{ n: 1, url: 'https://a.example/page', title: 'A' }],
      },
    });
    const md = sessionToMarkdown(session, steps, { trail: false });
    expect(md).toContain('1. [A](https://a.example/page) — read 2024-01-02');
    expect(md).not.toContain('Other pages read');
    expect(md).toContain('· 1 page read');
  });
});
