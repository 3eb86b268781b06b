import { useState } from 'preact/hooks';
import type { UiServices } from '../shared/services';

/** What a run needs: pages are read in tabs, and a model server on this computer is one of the sites. */
export const ALL_SITES = ['<all_urls>'];

/**
 * Whether a run may start without first asking for access to all sites. Satisfied when
 * `<all_urls>` is granted, or when the developer setting `allowLoopback` is on: end-to-end tests
 * run a build granted only `http://127.0.0.1/*`, turn that setting on, and start from the panel's
 * Start button; headless Chromium cannot answer Chrome's permission prompt, so it must not appear.
 */
export async function gateSatisfied(services: UiServices): Promise<boolean> {
  const settings = await services.settings.load().catch(() => null);
  if (settings?.allowLoopback) return true;
  return services.permissions.has(ALL_SITES).catch(() => false);
}

/**
 * Explains why Sleuth needs access to all sites before the first run, and asks for it in the click
 * of "Allow and start". If the user refuses, says what will not work and lets them start anyway.
 */
export function PermissionGate({
  services,
  onStart,
  onCancel,
}: {
  services: UiServices;
  /** Called with whether access was granted (false: the user chose to start without it). */
  onStart: (granted: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = services;
  const [refused, setRefused] = useState(false);
  const allow = () => {
    // Requested first thing in the click handler: Chrome shows its prompt only during a user gesture.
    void services.permissions
      .request(ALL_SITES)
      .catch(() => false)
      .then((granted) => {
        if (granted) onStart(true);
        else setRefused(true);
      });
  };
  return (
    <section class="banner info permission-gate" data-testid="permission-gate" aria-labelledby="gate-title">
      <p id="gate-title">
        <strong>{t('gateTitle')}</strong>
      </p>
      <p>{t('gateExplain')}</p>
      {refused ? (
        <p class="note" role="alert" data-testid="permission-refused">
          {t('gateRefused')}
        </p>
      ) : null}
      <div class="banner-actions">
        <button type="button" class="primary" data-testid="allow-and-start" onClick={allow}>
          {t('gateAllow')}
        </button>
        {refused ? (
          <button type="button" data-testid="start-without-access" onClick={() => onStart(false)}>
            {t('gateStartAnyway')}
          </button>
        ) : null}
        <button type="button" class="link" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
