import { useState } from 'preact/hooks';
import { OPENAI_PRESETS } from '../../llm/openai/presets';
import type { ConnectionTest } from '../../messaging/protocol';
import { connectionWords } from '../errors/test-words';
import type { UiServices } from '../shared/services';
import { AccessWarning } from './access-warning';
import { NumberField } from './number-field';
import { errorParts, type SectionProps } from './option-types';
import { serverOrigin } from './save-plan';
import { SecretField } from './secret-field';
import { ServerModelField, useServerModels } from './server-model-field';
import { TestRow } from './test-row';
import type { useSecrets } from './use-secrets';

export const OPENAI_KEY = 'openaiKey';

type OpenAiPanelProps = SectionProps & {
  services: UiServices;
  secrets: ReturnType<typeof useSecrets>;
  commit: () => Promise<boolean>;
  granted: Record<string, boolean>;
  onAccess: () => void;
  /** The base URL as last saved: the engine host lists and tests that server, not the one being typed. */
  savedBaseUrl: string;
};

/** A model server of the user's: preset, base URL, model name, API key (secrets store), test. */
export function OpenAiPanel(props: OpenAiPanelProps) {
  const { services, settings, set, t, secrets } = props;
  const server = useServerModels(services.client, props.savedBaseUrl);
  // The list belongs to the saved server; while another URL is typed, it says nothing about that one.
  const models = settings.openaiBaseUrl.trim() === props.savedBaseUrl.trim() ? server.models : [];

  return (
    <>
      <ServerAddress {...props} />
      <ServerModelField
        models={models}
        value={settings.openaiModel}
        onValue={(name) => set('openaiModel', name)}
        t={t}
      />
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
      <ConnectionTestRow
        services={services}
        commit={props.commit}
        onTested={(r) => server.set(r.ok ? r.models : [])}
      />
    </>
  );
}

/** The preset, the base URL, and the request for its origin when the browser has not granted it. */
function ServerAddress({ services, settings, set, t, granted, onAccess }: OpenAiPanelProps) {
  const preset = OPENAI_PRESETS.find((p) => p.baseUrl === settings.openaiBaseUrl.trim())?.id ?? '';
  const origin = serverOrigin(settings.openaiBaseUrl);
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
    </>
  );
}

/** Test connection: saves first (the engine host tests what is saved), then says what the server said. */
function ConnectionTestRow({
  services,
  commit,
  onTested,
}: {
  services: UiServices;
  commit: () => Promise<boolean>;
  onTested: (r: ConnectionTest) => void;
}) {
  const { t } = services;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

  // The engine host tests what is saved, so save (and ask for the origin) first, in this click.
  const test = () => {
    setResult(null);
    setTesting(true);
    void commit()
      .then(async (saved) => {
        if (!saved) return;
        const r = await services.client.send('engine.test', {});
        onTested(r);
        // Testing saves first; say so rather than save silently.
        setResult({ ok: r.ok, text: `${t('testSavedFirst')} ${connectionWords(r, t)}` });
      })
      .catch((e: unknown) => {
        const { message, hint } = errorParts(e, t);
        setResult({ ok: false, text: [message, hint].filter(Boolean).join(' ') });
      })
      .finally(() => setTesting(false));
  };

  return (
    <TestRow
      label={t('testConnection')}
      testing={testing}
      testingText={t('testing')}
      result={result}
      onTest={test}
      buttonId="test-connection"
      resultId="connection-result"
    />
  );
}
