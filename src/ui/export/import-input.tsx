import { useRef, useState } from 'preact/hooks';
import { parseTrajectory, type TrajectoryView } from '../../export';
import type { Translate } from '../shared/translate';

const MAX_BYTES = 50 * 1024 * 1024;

/**
 * Opens a DR-Venus trajectory file read-only; the file is validated before anything is shown. An
 * "Import…" button opens the file picker: the browser's own file control ("Choose File  No file
 * chosen") matched nothing else in the panel and is not translated with it.
 */
export function ImportInput({ onOpen, t }: { onOpen: (view: TrajectoryView) => void; t: Translate }) {
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const onChange = async (e: Event) => {
    const el = e.currentTarget as HTMLInputElement;
    const file = el.files?.[0];
    el.value = '';
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
      <button
        type="button"
        data-testid="import-button"
        title={t('importLabel')}
        aria-describedby={error ? 'import-error' : undefined}
        onClick={() => input.current?.click()}
      >
        {t('importButton')}
      </button>
      {/* Out of sight and out of the tab order: the button above is its face. */}
      <input
        ref={input}
        id="import-json"
        type="file"
        accept="application/json,.json"
        data-testid="import-json"
        hidden
        tabIndex={-1}
        aria-label={t('importLabel')}
        onChange={(e) => void onChange(e)}
      />
      {error ? (
        <p role="alert" id="import-error" class="error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
