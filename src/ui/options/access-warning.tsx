import type { UiServices } from '../shared/services';

/**
 * Says when Chrome has not granted an origin this setting needs, with a button that asks for it.
 * Shown only once the check has answered "no", so it does not flash while checking.
 */
export function AccessWarning({
  origins,
  granted,
  services,
  onAnswer,
  what,
}: {
  origins: string[];
  granted: Record<string, boolean>;
  services: UiServices;
  onAnswer: () => void;
  /** What stops working without access, in words. */
  what: string;
}) {
  const { t } = services;
  const missing = origins.filter((o) => granted[o] === false);
  if (missing.length === 0) return null;
  const ask = () => {
    // Requested first thing in the click: Chrome only prompts during a user gesture.
    void services.permissions
      .request(missing)
      .catch(() => false)
      .then(onAnswer);
  };
  return (
    <p class="note access-warning" data-testid="access-warning">
      {t('accessMissing', [missing.join(', '), what])}{' '}
      <button type="button" class="link" onClick={ask}>
        {t('accessAllow')}
      </button>
    </p>
  );
}
