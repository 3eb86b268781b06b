import type { Translate } from '../shared/translate';
import type { SecretEdit } from './option-types';

/**
 * One API key. A saved key is only ever shown masked, with Replace and Remove; a new value is kept
 * as a pending edit and written to the secrets store (never the settings) on Save.
 */
export function SecretField({
  label,
  name,
  saved,
  edit,
  onEdit,
  testId,
  t,
}: {
  label: string;
  name: string;
  /** Masked saved value, or null when none is saved. */
  saved: string | null | undefined;
  edit: SecretEdit | undefined;
  onEdit: (value: SecretEdit | undefined) => void;
  testId: string;
  t: Translate;
}) {
  if (edit === null) {
    return (
      <div class="secret-field">
        <span>{label}</span>
        <span class="note" data-testid={`${testId}-removing`}>
          {t('secretWillRemove')}
        </span>
        <button type="button" class="link" onClick={() => onEdit(undefined)}>
          {t('undo')}
        </button>
      </div>
    );
  }
  if (saved && edit === undefined) {
    return (
      <div class="secret-field">
        <span>{label}</span>
        <code data-testid={`${testId}-saved`}>{saved}</code>
        <button type="button" onClick={() => onEdit('')}>
          {t('secretReplace')}
        </button>
        <button type="button" class="danger" onClick={() => onEdit(null)}>
          {t('secretRemove')}
        </button>
      </div>
    );
  }
  return (
    <label class="secret-field">
      {label}
      <span class="row">
        <input
          type="password"
          name={name}
          data-testid={testId}
          autocomplete="off"
          spellcheck={false}
          value={edit ?? ''}
          placeholder={t('secretPlaceholder')}
          onInput={(e) => onEdit(e.currentTarget.value)}
        />
        {saved ? (
          <button type="button" class="link" onClick={() => onEdit(undefined)}>
            {t('cancel')}
          </button>
        ) : null}
      </span>
    </label>
  );
}
