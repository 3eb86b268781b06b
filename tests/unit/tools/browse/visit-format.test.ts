import { describe, expect, it } from 'vitest';
import {
  formatVisitFailure,
  formatVisitObservation,
  joinVisitObservations,
} from '../../../../src/tools/browse/visit-format';

describe('visit observation frame', () => {
  it('matches the DR-Venus frame exactly', () => {
    const text = formatVisitObservation({
      url: 'https://a.example/x',
      goal: 'find X',
      evidence: 'E1',
      summary: 'S1',
    });
    expect(text).toBe(
      'The useful information in https://a.example/x for user goal find X as follows: \n\nEvidence in page: \nE1\n\nSummary: \nS1\n\n',
    );
  });

  it('frames a failure with the reason as evidence, and joins several pages', () => {
    const failed = formatVisitFailure(
      'https://b.example/',
      'find Y',
      'The page did not load within 30 seconds.',
    );
    expect(failed).toBe(
      'The useful information in https://b.example/ for user goal find Y as follows: \n\nEvidence in page: \nThe page did not load within 30 seconds.\n\nSummary: \nThe page could not be read.\n\n',
    );
    expect(joinVisitObservations(['A', 'B', 'C'])).toBe('A\n=======\nB\n=======\nC');
  });
});
