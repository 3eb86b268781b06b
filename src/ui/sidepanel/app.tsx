import type { UiServices } from '../shared/services';
import { StatusLine } from '../status/status-line';

export function SidePanelApp({ services }: { services: UiServices }) {
  const { t } = services;
  return (
    <main class="panel">
      <header class="panel-header">
        <h1>Sleuth</h1>
        <button type="button" class="link" onClick={() => services.openOptions()} data-testid="open-options">
          {t('openOptions')}
        </button>
      </header>
      <StatusLine services={services} />
    </main>
  );
}
