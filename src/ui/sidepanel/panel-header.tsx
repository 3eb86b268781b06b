import type { Translate } from '../shared/translate';
import { HealthDot } from '../status/health-dot';
import type { SystemStatus } from '../status/use-system-status';

export type PanelTab = 'research' | 'history';

/** Name, health dot, the two views and Options: one line at the side panel's usual 400 px. */
export function PanelHeader({
  status,
  running,
  tab,
  onTab,
  onOptions,
  t,
}: {
  status: SystemStatus;
  running: boolean;
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  onOptions: () => void;
  t: Translate;
}) {
  return (
    <header class="panel-header">
      <h1>Sleuth</h1>
      <HealthDot status={status} running={running} t={t} />
      <nav class="tabs" aria-label={t('navLabel')}>
        <button type="button" aria-pressed={tab === 'research'} onClick={() => onTab('research')}>
          {t('navResearch')}
        </button>
        <button
          type="button"
          aria-pressed={tab === 'history'}
          data-testid="open-history"
          onClick={() => onTab('history')}
        >
          {t('navHistory')}
        </button>
      </nav>
      <button type="button" class="link" onClick={onOptions} data-testid="open-options">
        {t('openOptions')}
      </button>
    </header>
  );
}
