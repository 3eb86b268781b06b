import { useState } from 'preact/hooks';
import { OPENAI_PRESETS } from '../../llm/openai/presets';
import type { UiServices } from '../shared/services';
import { AccessWarning } from './access-warning';
import { NumberField } from './number-field';
import { errorParts, type SectionProps } from './option-types';
import { serverOrigin } from './save-plan';
import { SecretField } from './secret-field';
import type { useSecrets } from './use-secrets';

export const OPENAI_KEY = 'openaiKey';

/** A model server of the user's: preset, base URL, model name, API key (secrets store), test. */
export function OpenAiPanel({
  services,
  settings,
  set,
  t,
  secrets,
  commit,
  granted,
  onAccess,
}: SectionProps & {
  services: UiServices;
  secrets: ReturnType<typeof useSecrets>;
  commit: () => Promise<boolean>;
  granted: Record<string, boolean>;
  onAccess: () => void;
}) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const preset = OPENAI_PRESETS.find((p) => p.baseUrl === settings.openaiBaseUrl.trim())?.id ?? '';
  const origin = serverOrigin(settings.openaiBaseUrl);

  // The engine host tests what is saved, so save (and ask for the origin) first, in this click.
  const test = () => {
    setResult(null);
    setTesting(true);
    void commit()
      .then(async (saved) => {
        if (!saved) return;
        // Testing saves first (the engine host tests saved settings); say so rather than save silently.
        const r = await services.client.send('engine.test', {});
        setResult({ ok: r.ok, message: `${t('testSavedFirst')} ${r.message}` });
      })
      .catch((e: unknown) => {
        const { message, hint } = errorParts(e);
        setResult({ ok: false, message: [message, hint].filter(Boolean).join(' ') });
      })
      .finally(() => setTesting(false));
  };

  return (
    <>
      <label>
        {t('openaiPreset')}
        <select
          name="openaiPreset"
          data-testid="openai-preset"
          value={preset}
          onChange={(e) => {
            const p = OPENAI_PRESETS.find((x) => x.id === e.currentTarget.value);
            if (p) set('openaiBaseUrl', p.baseUrl);
          }}
        >
          <option value="">{t('openaiPresetCustom')}</option>
          {OPENAI_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('openaiBaseUrl')}
        <input
          name="openaiBaseUrl"
          data-testid="openai-base-url"
          type="url"
          value={settings.openaiBaseUrl}
          aria-invalid={origin === null}
          onInput={(e) => set('openaiBaseUrl', e.currentTarget.value)}
        />
      </label>
      {origin === null ? <p class="small note">{t('openaiBaseUrlInvalid')}</p> : null}
      {origin ? (
        <AccessWarning
          origins={[origin]}
          granted={granted}
          services={services}
          onAnswer={onAccess}
          what={t('accessWhatServer')}
        />
      ) : null}
      <label>
        {t('openaiModel')}
        <input
          name="openaiModel"
          data-testid="openai-model"
          value={settings.openaiModel}
          placeholder="qwen3:4b"
          onInput={(e) => set('openaiModel', e.currentTarget.value)}
        />
      </label>
      <SecretField
        label={t('openaiKey')}
        name="openaiKey"
        saved={secrets.masks[OPENAI_KEY]}
        edit={secrets.edits[OPENAI_KEY]}
        onEdit={(v) => secrets.edit(OPENAI_KEY, v)}
        testId="openai-key"
        t={t}
      />
      {/* Stored in milliseconds; people think of a model load in seconds. */}
      <NumberField
        label={t('optionsFirstByteTimeout')}
        help={t('optionsFirstByteTimeoutHelp')}
        name="openaiFirstByteTimeoutSeconds"
        value={settings.openaiFirstByteTimeoutMs / 1000}
        min={1}
        max={600}
        onValue={(n) => set('openaiFirstByteTimeoutMs', Math.round(n * 1000))}
        t={t}
      />
      <div class="row">
        <button type="button" data-testid="test-connection" onClick={test} disabled={testing}>
          {t('testConnection')}
        </button>
        <span
          role="status"
          data-testid="connection-result"
          data-ok={result ? String(result.ok) : undefined}
          class={result && !result.ok ? 'small error-text' : 'small'}
        >
          {testing ? t('testing') : (result?.message ?? '')}
        </span>
      </div>
    </>
  );
}
