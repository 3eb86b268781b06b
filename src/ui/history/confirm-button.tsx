import { useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';

/** A destructive action asks once, inline: window.confirm is blocking and not available everywhere. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  t,
  testId,
  quiet = false,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  t: Translate;
  testId: string;
  /** A small text button (in a list row) rather than a boxed one. */
  quiet?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        class={quiet ? 'quiet' : undefined}
        data-testid={testId}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span class="confirm">
      <span>{question}</span>
      <button
        type="button"
        class="danger"
        data-testid={`${testId}-confirm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('cancel')}
      </button>
    </span>
  );
}
