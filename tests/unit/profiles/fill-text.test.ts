import { describe, expect, it } from 'vitest';
import { formatVisitObservation } from '../../../src/agent/observation-format';
import { failedVisit } from '../../../src/agent/step-result';
import { DEFAULT_TEXTS, fillText } from '../../../src/profiles/prompt-texts';

const REASON = 'The page answered HTTP 404 (not found), so there was nothing to read.';

describe('prompt texts around a reason', () => {
  it('end a reason that already ends its sentence with exactly one full stop', () => {
    expect(fillText(DEFAULT_TEXTS.pageFailedEvidence, { reason: REASON })).toBe(
      `The page could not be read: ${REASON}`,
    );
    expect(fillText(DEFAULT_TEXTS.pageFailedSummary, { reason: 'Is it gone?' })).toBe(
      'No information: Is it gone?',
    );
  });

  it('still close a reason without its own stop', () => {
    expect(fillText(DEFAULT_TEXTS.pageFailedSummary, { reason: 'the tab was closed' })).toBe(
      'No information: the tab was closed.',
    );
    expect(fillText('Step {step} of {count}.', { step: 2, count: 5 })).toBe('Step 2 of 5.');
  });

  it('give the model no doubled dot for a page that failed', () => {
    const text = formatVisitObservation([failedVisit('https://example.org/gone', REASON)], 'goal');
    expect(text).toContain('nothing to read.\n');
    expect(text).not.toContain('..');
  });
});
