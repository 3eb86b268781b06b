import { useCallback, useEffect, useState } from 'preact/hooks';
import { mask } from '../../store';
import type { UiServices } from '../shared/services';
import type { SecretEdit } from './option-types';

/**
 * Masked views of saved secrets and the user's pending edits to them. Plain values are read only
 * to mask them and are never kept in component state; edits are written on Save.
 */
export function useSecrets(services: UiServices, keys: readonly string[]) {
  const [masks, setMasks] = useState<Record<string, string | null>>({});
  const [edits, setEdits] = useState<Record<string, SecretEdit>>({});
  const joined = keys.join('\n');

  const reload = useCallback(async () => {
    const store = await services.store;
    const names = joined.split('\n').filter(Boolean);
    const values = await Promise.all(names.map((k) => store.secrets.get(k)));
    setMasks(Object.fromEntries(names.map((k, i) => [k, values[i] ? mask(values[i] ?? '') : null])));
  }, [services, joined]);

  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);

  const edit = (key: string, value: SecretEdit | undefined) =>
    setEdits((all) => {
      const { [key]: _old, ...rest } = all;
      return value === undefined ? rest : { ...rest, [key]: value };
    });

  /** Writes the pending edits; an empty new value changes nothing. */
  const commit = async () => {
    const store = await services.store;
    for (const [key, value] of Object.entries(edits)) {
      if (value === null) await store.secrets.delete(key);
      else if (value.trim()) await store.secrets.set(key, value.trim());
    }
    setEdits({});
    await reload();
  };

  return { masks, edits, edit, commit, dirty: Object.keys(edits).length > 0 };
}
