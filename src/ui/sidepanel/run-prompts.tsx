import { FirstRun } from '../ask/first-run';
import { PermissionGate } from '../ask/permission-gate';
import type { UiServices } from '../shared/services';
import type { useRunStart } from './use-run-start';

/** The questions a run may wait on before it starts: site access, then the model download. */
export function RunPrompts({ services, run }: { services: UiServices; run: ReturnType<typeof useRunStart> }) {
  const { t, client } = services;
  const { gate, setGate, setWaiting, downloadPlan, setDownloadPlan, proceed } = run;
  return (
    <>
      {gate === 'ask' ? (
        <PermissionGate
          services={services}
          onStart={(granted) => {
            setGate(granted ? 'closed' : 'skipped');
            proceed(false);
          }}
          onCancel={() => {
            setGate('closed');
            setWaiting(null);
          }}
        />
      ) : null}
      {downloadPlan ? (
        <FirstRun
          plan={downloadPlan}
          t={t}
          onCancel={() => {
            setDownloadPlan(null);
            setWaiting(null);
          }}
          onDownload={() => {
            setDownloadPlan(null);
            // The download's progress shows in the engine notice; the run starts once it loads.
            client.send('engine.load', {}).then(
              () => proceed(true),
              () => setWaiting(null),
            );
          }}
        />
      ) : null}
    </>
  );
}
