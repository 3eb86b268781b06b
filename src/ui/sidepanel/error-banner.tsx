import type { Translate } from '../shared/translate';

/** The panel's one error line, with its dismiss link; nothing when there is no error. */
export function ErrorBanner({
  error,
  onDismiss,
  t,
}: {
  error: string | null;
  onDismiss: () => void;
  t: Translate;
}) {
  if (!error) return null;
  return (
    <div class="banner error" role="alert" data-testid="error-banner">
      <p>{error}</p>
      <button type="button" class="link" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
