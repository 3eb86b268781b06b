import { useCallback, useEffect, useState } from 'preact/hooks';
import { formatBytes } from '../../llm/progress-stats';
import type { UiServices } from '../shared/services';
import { errorParts } from './option-types';

type Cached = { modelId: string; bytes?: number }[];

/** Models web-llm has downloaded into the browser cache, with their sizes and a Delete each. */
export function CachedModels({ services, refreshKey }: { services: UiServices; refreshKey: string }) {
  const { t, client } = services;
  const [list, setList] = useState<Cached | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setList(await client.send('engine.listCached', {}));
      setError(null);
    } catch (e) {
      setError(errorParts(e).message);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh, refreshKey]);

  const remove = async (modelId: string) => {
    try {
      await client.send('engine.deleteCached', { modelId });
    } catch (e) {
      setError(errorParts(e).message);
    }
    await refresh();
  };

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
