import { useEffect, useState } from 'preact/hooks';
import type { UiServices } from '../shared/services';

/**
 * Chrome only, and only until it is done: asks the user to allow Sleuth in Incognito, where its
 * agent window keeps the pages it reads apart from their cookies and sign-ins. Without it Sleuth
 * reads only pages that need no scripts (fetched, signed out). Checked again when the panel comes
 * back into view, since the switch is on another page.
 */
export function GuideIncognito({ services }: { services: UiServices }) {
  const { t } = services;
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () =>
      void services.incognito
        ?.allowed()
        .then(setAllowed)
        .catch(() => setAllowed(null));
    check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [services]);
  if (allowed !== false) return null;
  return (
    <li data-testid="guide-incognito">
      <strong>{t('guideIncognitoStep')}</strong>
      <p>{t('guideIncognitoWhy')}</p>
      <p>
        <button
          type="button"
          data-testid="guide-incognito-open"
          onClick={() => services.incognito?.openDetails()}
        >
          {t('guideIncognitoOpen')}
        </button>
      </p>
      <p class="small muted">{t('guideIncognitoUntil')}</p>
    </li>
  );
}
