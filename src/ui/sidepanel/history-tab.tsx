import type { TrajectoryView } from '../../export';
import { HistoryList } from '../history/history-list';
import type { UiServices } from '../shared/services';
import { message } from './error-message';

/** The history tab: past sessions to open or resume, and imported trajectories. */
export function HistoryTab(props: {
  services: UiServices;
  activeIds: string[];
  openSession: (id: string, question?: string) => void;
  openImport: (view: TrajectoryView) => void;
  onError: (error: string) => void;
}) {
  const { services, openSession, onError } = props;
  return (
    <HistoryList
      services={services}
      activeIds={props.activeIds}
      actions={{
        open: (s) => openSession(s.id, s.question),
        resume: (s) =>
          void services.client.send('runner.resume', { sessionId: s.id }).then(
            (r) => openSession(r.sessionId, s.question),
            (e: unknown) => onError(message(e)),
          ),
        openImport: props.openImport,
        onError,
      }}
    />
  );
}
