import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';
import { errorParts } from './option-types';

/**
 * A list of downloaded models read from the engine, read again when `refreshKey` changes and after
 * each Delete; a failure to read or delete shows as `error`. `load` must keep its identity across
 * renders (wrap it in useCallback), or the list is read again on every render.
 */
export function useModelList<T, K>(
  load: () => Promise<T>,
  drop: (key: K) => Promise<unknown>,
  refreshKey: string,
  t: Translate,
) {
  const [list, setList] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setList(await load());
      setError(null);
    } catch (e) {
      setError(errorParts(e, t).message);
    }
  }, [load, t]);

  useEffect(() => {
    void refresh();
  }, [refresh, refreshKey]);

  const remove = async (key: K) => {
    try {
      await drop(key);
    } catch (e) {
      setError(errorParts(e, t).message);
    }
    await refresh();
  };

  return { list, error, remove };
}
