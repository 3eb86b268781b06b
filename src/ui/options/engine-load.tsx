import { useState } from 'preact/hooks';
import type { EngineStatus } from '../../llm/host/engine-status';
import { ModelProgress } from '../ask/model-progress';
import { backendWords } from '../shared/backend-words';
import type { UiServices } from '../shared/services';
import type { Translate } from '../shared/translate';
import { errorParts } from './option-types';

/**
 * "Load model now": saves first (the engine host reads saved settings), then loads, showing the
 * download progress from live engine events, with Cancel (unload) while it runs.
 */
export function EngineLoad({
  services,
  status,
  commit,
}: {
  services: UiServices;
  status: EngineStatus | null;
  commit: () => Promise<boolean>;
}) {
  const { t, client } = services;
  const [failure, setFailure] = useState<{ message: string; hint?: string } | null>(null);
  const loading = status?.state === 'loading';

  const load = () => {
    setFailure(null);
    // commit() asks for permissions synchronously, so it must be the first call in this click.
    void commit().then(async (saved) => {
      if (!saved) return;
      try {
        await client.send('engine.load', {});
      } catch (e) {
        setFailure(errorParts(e, t));
      }
    });
  };
  const cancel = () => {
    client.send('engine.unload', {}).catch((e: unknown) => setFailure(errorParts(e, t)));
  };
  const shown = failure ?? (status?.state === 'error' && status.error ? errorParts(status.error, t) : null);

  return (
    <div class="engine-load">
      <div class="row">
        <button type="button" data-testid="load-model-now" onClick={load} disabled={loading}>
          {t('loadModelNow')}
        </button>
        {loading ? (
          <button type="button" data-testid="cancel-load" onClick={cancel}>
            {t('cancel')}
          </button>
        ) : null}
        <span
          role="status"
          class="small"
          data-testid="engine-state"
          title={status?.state === 'ready' ? backendWords(status, t) || undefined : undefined}
        >
          {status?.state === 'ready' ? readyText(status, t) : ''}
        </span>
      </div>
      {loading && status ? <ModelProgress status={status} t={t} /> : null}
      {shown ? (
        <div class="banner error" role="alert" data-testid="engine-error">
          <p>{shown.message}</p>
          {shown.hint ? <p class="small">{shown.hint}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** "Loaded: model (CPU, 2 threads)" for local engines, "Loaded: model" otherwise. */
export function readyText(status: EngineStatus, t: Translate): string {
  const name = status.label ?? status.modelId ?? '';
  if (!status.threads) return t('engineReady', name);
  return t('engineReadyOn', [name, status.backend === 'webgpu' ? 'WebGPU' : 'CPU', String(status.threads)]);
}
