import type { Translate } from '../shared/translate';
import { useDismissable } from '../shared/use-dismissable';
import { overallHealth } from './health';
import { StatusLine } from './status-line';
import type { SystemStatus } from './use-system-status';

/**
 * The plumbing (service worker, engine host, model, storage) folded into one dot with a short
 * label; the details open on click. Closed, they stay in the page for screen readers.
 */
export function HealthDot({
  status,
  running,
  t,
}: {
  status: SystemStatus;
  /** A research run goes on now (in this panel or one opened earlier). */
  running: boolean;
  t: Translate;
}) {
  const { open, setOpen, box } = useDismissable<HTMLDivElement>();
  const health = overallHealth(status, running);
  // Busy with a model download or load says so: "Checking…" for minutes of download misleads.
  const label =
    health === 'busy' && status.engine?.state === 'loading' ? t('health_loading') : t(`health_${health}`);
  return (
    <div class="health" ref={box}>
      <button
        type="button"
        class="health-button"
        data-testid="health"
        data-health={health}
        // The label may be cut to fit the header's one line; hovering shows all of it.
        title={label}
        aria-expanded={open}
        aria-controls="health-details"
        onClick={() => setOpen(!open)}
      >
        <span class={`dot ${health}`} aria-hidden="true" />
        <span class="health-label">{label}</span>
      </button>
      <div id="health-details" class={open ? 'health-details' : 'visually-hidden'}>
        <StatusLine status={status} t={t} />
      </div>
    </div>
  );
}
