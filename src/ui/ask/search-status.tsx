import { useEffect, useState } from 'preact/hooks';
import { providerInfo } from '../../tools/search/catalog';
import type { UiServices } from '../shared/services';

/**
 * Which search providers a run will use, in failover order; a run with none enabled cannot search,
 * so that case says what to do before the user asks anything.
 */
export function SearchStatus({ services }: { services: UiServices }) {
  const { t } = services;
  const [labels, setLabels] = useState<string[] | null>(null);

  useEffect(() => {
    const load = () =>
      services.settings.load().then(
        (s) => setLabels(s.searchProviders.filter((p) => p.enabled).map((p) => providerInfo(p.id).label)),
        () => setLabels(null),
      );
    void load();
    // Settings change in the options page; pick them up when the user comes back to the panel.
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, [services]);

  if (labels === null) return null;
  if (labels.length === 0) {
    return (
      <div class="banner error" role="alert" data-testid="search-status" data-state="none">
        <p>{t('searchNoneEnabled')}</p>
        <button type="button" class="link" onClick={() => services.openOptions()}>
          {t('noticeOpenOptions')}
        </button>
      </div>
    );
  }
  return (
    <p class="search-status small muted" data-testid="search-status" data-state="ok">
      {t('searchUsing', labels.join(' → '))}
    </p>
  );
}
