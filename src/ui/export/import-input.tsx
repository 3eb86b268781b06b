import { useState } from 'preact/hooks';
import { parseTrajectory, type TrajectoryView } from '../../export';
import type { Translate } from '../shared/translate';

const MAX_BYTES = 50 * 1024 * 1024;

/** Opens a DR-Venus trajectory file read-only; the file is validated before anything is shown. */
export function ImportInput({ onOpen, t }: { onOpen: (view: TrajectoryView) => void; t: Translate }) {
  const [error, setError] = useState('');
  const onChange = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t('importTooLarge'));
      return;
    }
    try {
      const result = parseTrajectory(JSON.parse(await file.text()));
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError('');
      onOpen(result.view);
    } catch (err) {
      setError(t('importBadJson', err instanceof Error ? err.message : String(err)));
    }
  };
  return (
    <div class="import">
      <label for="import-json">{t('importLabel')}</label>
      <input
        id="import-json"
        type="file"
        accept="application/json,.json"
        data-testid="import-json"
        onChange={(e) => void onChange(e)}
      />
      {error ? (
        <p role="alert" class="error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
