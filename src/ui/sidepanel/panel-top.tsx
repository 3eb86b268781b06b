import { EngineNotice } from '../ask/engine-notice';
import type { ModelSource } from '../ask/use-model-source';
import type { UiServices } from '../shared/services';
import type { SystemStatus } from '../status/use-system-status';
import { ErrorBanner } from './error-banner';
import { PanelHeader, type PanelTab } from './panel-header';

/** The header, the engine's notice and the error banner, above whatever the tab shows. */
export function PanelTop(props: {
  services: UiServices;
  status: SystemStatus;
  model: ModelSource;
  running: boolean;
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  /** The download explanation says the same and more while it is open. */
  noticeHidden: boolean;
  guideOpen: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  onRecheck: () => void;
}) {
  const { services, status, setError } = props;
  const { t } = services;
  return (
    <>
      <PanelHeader
        status={status}
        running={props.running}
        tab={props.tab}
        onTab={props.onTab}
        onOptions={() => services.openOptions()}
        t={t}
      />
      {props.noticeHidden ? null : (
        <EngineNotice
          guideOpen={props.guideOpen}
          status={status}
          services={services}
          model={props.model}
          onError={setError}
          onRecheck={props.onRecheck}
        />
      )}
      <ErrorBanner error={props.error} onDismiss={() => setError(null)} t={t} />
    </>
  );
}
