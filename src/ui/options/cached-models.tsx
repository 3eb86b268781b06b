import { useCallback } from 'preact/hooks';
import { formatBytes } from '../../llm/progress-stats';
import type { UiServices } from '../shared/services';
import { useModelList } from './use-model-list';

type Cached = { modelId: string; bytes?: number }[];

/** Models web-llm has downloaded into the browser cache, with their sizes and a Delete each. */
export function CachedModels({ services, refreshKey }: { services: UiServices; refreshKey: string }) {
  const { t, client } = services;
  const load = useCallback((): Promise<Cached> => client.send('engine.listCached', {}), [client]);
  const { list, error, remove } = useModelList(
    load,
    (modelId: string) => client.send('engine.deleteCached', { modelId }),
    refreshKey,
    t,
  );

  return (
    <div class="cached-models" data-testid="cached-models">
      <span>{t('cachedTitle')}</span>
      {error ? <p class="small note">{t('cachedError', error)}</p> : null}
      {list && list.length === 0 ? <p class="small muted">{t('cachedNone')}</p> : null}
      {list && list.length > 0 ? (
        <ul>
          {list.map((m) => (
            <li key={m.modelId} data-model={m.modelId}>
              <span>
                {m.modelId}
                {m.bytes !== undefined ? ` — ${formatBytes(m.bytes)}` : ''}
              </span>{' '}
              <button
                type="button"
                class="danger"
                data-testid="delete-cached"
                aria-label={t('cachedDeleteLabel', m.modelId)}
                onClick={() => void remove(m.modelId)}
              >
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
