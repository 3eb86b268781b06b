import type { Translate } from '../shared/translate';
import type { LineOutcome } from './step-line-text';

const MARK: Record<LineOutcome, string> = { ok: '✓', failed: '✗', partial: '◐', pending: '…', none: '' };

/** ✓ / ✗ at the end of a step's line; the word is there for screen readers. */
export function OutcomeMark({ outcome, t }: { outcome: LineOutcome; t: Translate }) {
  if (outcome === 'none') return null;
  return (
    <span class={`outcome ${outcome}`} title={t(`outcome_${outcome}`)}>
      <span aria-hidden="true">{MARK[outcome]}</span>
      <span class="visually-hidden">{t(`outcome_${outcome}`)}</span>
    </span>
  );
}
