import { useCallback } from 'preact/hooks';
import { formatBytes } from '../../llm/progress-stats';
import type { UiServices } from '../shared/services';
import { useModelList } from './use-model-list';

/** GGUF models in the browser's storage, complete or partial, each with its size and Delete. */
export function StoredModels({ services, refreshKey }: { services: UiServices; refreshKey: string }) {
  const { t, client } = services;
  const load = useCallback(() => client.send('engine.storedModels', {}), [client]);
  const { list, error, remove } = useModelList(
    load,
    (folder: string) => client.send('engine.deleteStored', { folder }),
    refreshKey,
    t,
  );

  return (
    <div class="cached-models" data-testid="stored-models">
      <span>{t('storedTitle')}</span>
      {error ? <p class="small note">{t('cachedError', error)}</p> : null}
      {list && list.models.length === 0 ? <p class="small muted">{t('storedNone')}</p> : null}
      {list && list.models.length > 0 ? (
        <ul>
          {list.models.map((m) => (
            <li key={m.folder} data-model={m.folder} data-complete={String(m.complete)}>
              <span>
                {m.label} —{' '}
                {m.complete
                  ? t('storedComplete', [formatBytes(m.totalBytes), String(m.shards)])
                  : t('storedPartial', [formatBytes(m.doneBytes), formatBytes(m.totalBytes)])}
                {list.downloading === m.folder ? ` (${t('storedDownloading')})` : ''}
              </span>{' '}
              <button
                type="button"
                class="danger"
                data-testid="delete-stored"
                aria-label={t('storedDeleteLabel', m.label)}
                onClick={() => void remove(m.folder)}
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
