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
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  t: Translate;
  testId: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" data-testid={testId} onClick={() => setAsking(true)}>
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
