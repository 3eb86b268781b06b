import { useEffect, useState } from 'preact/hooks';
import type { MessageClient } from '../../messaging/client';
import type { Translate } from '../shared/translate';

/** The select's choice that switches to typing a name: no model id starts with a NUL. */
const OTHER = '\u0000other';

/**
 * The models the saved model server lists (the list the panel's picker shows), read again when
 * `key` changes (a new saved base URL); `set` takes a fresh list, as a connection test returns one.
 * An unreachable server lists none.
 */
export function useServerModels(client: MessageClient, key: string) {
  const [models, set] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    set([]);
    client.send('engine.models', {}).then(
      (r) => live && set(r.models),
      () => live && set([]),
    );
    return () => {
      live = false;
    };
  }, [client, key]);
  return { models, set };
}

/**
 * The model name: a dropdown of the server's models once it lists some, with "Another name…" to
 * type one; a text field while it lists none (not reachable yet, or a server that does not list).
 */
export function ServerModelField({
  models,
  value,
  onValue,
  t,
}: {
  models: readonly string[];
  value: string;
  onValue: (name: string) => void;
  t: Translate;
}) {
  const [typing, setTyping] = useState(false);
  if (models.length === 0 || typing) {
    return (
      <>
        <label>
          {t('openaiModel')}
          <input
            name="openaiModel"
            data-testid="openai-model"
            value={value}
            placeholder="qwen3:4b"
            onInput={(e) => onValue(e.currentTarget.value)}
          />
        </label>
        {models.length > 0 ? (
          <button type="button" class="link" data-testid="openai-model-list" onClick={() => setTyping(false)}>
            {t('openaiModelFromList')}
          </button>
        ) : (
          <p class="small muted">{t('openaiModelTypeHelp')}</p>
        )}
      </>
    );
  }
  const listed = models.includes(value);
  return (
    <label>
      {t('openaiModel')}
      <select
        name="openaiModel"
        data-testid="openai-model"
        value={value}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (next === OTHER) setTyping(true);
          else onValue(next);
        }}
      >
        {/* A saved name the server does not list stays what it is, and says so. */}
        {!listed ? <option value={value}>{value ? t('openaiModelNotListed', value) : ''}</option> : null}
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
        <option value={OTHER}>{t('openaiModelOther')}</option>
      </select>
    </label>
  );
}
