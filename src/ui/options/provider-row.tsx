import { useState } from 'preact/hooks';
import type { SearchTest } from '../../messaging/protocol';
import type { ProviderSetting } from '../../settings/schema';
import { providerInfo, secretKeyFor } from '../../tools/search/catalog';
import { searchTestWords } from '../errors/test-words';
import type { UiServices } from '../shared/services';
import type { Translate } from '../shared/translate';
import { AccessWarning } from './access-warning';
import { errorParts } from './option-types';
import { providerOrigins } from './save-plan';
import { SecretField } from './secret-field';
import { TestRow } from './test-row';
import type { useSecrets } from './use-secrets';

export interface ProviderRowProps {
  provider: ProviderSetting;
  index: number;
  count: number;
  services: UiServices;
  secrets: ReturnType<typeof useSecrets>;
  granted: Record<string, boolean>;
  onAccess: () => void;
  onChange: (next: ProviderSetting) => void;
  onMove: (delta: -1 | 1) => void;
  commit: () => Promise<boolean>;
}

/** One search provider: on/off, position, key or base URL or engine id, and a one-query test. */
export function ProviderRow(props: ProviderRowProps) {
  const { provider: p, services } = props;
  const { t } = services;
  const info = providerInfo(p.id);
  const headingId = `provider-${p.id}`;

  return (
    <li class="provider" data-testid="search-provider" data-provider={p.id} aria-labelledby={headingId}>
      <ProviderHead {...props} headingId={headingId} />
      <p class="small muted">
        {info.note}{' '}
        <a href={info.docsUrl} target="_blank" rel="noopener noreferrer">
          {t('providerDocs')}
        </a>
      </p>
      <ProviderFields {...props} />
      {p.enabled ? (
        <AccessWarning
          origins={providerOrigins(p)}
          granted={props.granted}
          services={services}
          onAnswer={props.onAccess}
          what={t('accessWhatSearch')}
        />
      ) : null}
      <ProviderTest provider={p} services={services} commit={props.commit} />
    </li>
  );
}

/** The on/off checkbox with the provider's name, and the arrows that move it up or down the order. */
function ProviderHead({
  provider: p,
  index,
  count,
  services,
  onChange,
  onMove,
  headingId,
}: ProviderRowProps & { headingId: string }) {
  const { t } = services;
  const { label } = providerInfo(p.id);
  return (
    <div class="row">
      <label class="check">
        <input
          type="checkbox"
          data-testid="provider-enabled"
          checked={p.enabled}
          onChange={(e) => onChange({ ...p, enabled: e.currentTarget.checked })}
        />
        <strong id={headingId}>{label}</strong>
      </label>
      <span class="spacer" />
      <button
        type="button"
        data-testid="provider-up"
        aria-label={t('providerUp', label)}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        data-testid="provider-down"
        aria-label={t('providerDown', label)}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </div>
  );
}

/** What this provider needs set: a base URL, an engine id, an API key. */
function ProviderFields({ provider: p, services, secrets, onChange }: ProviderRowProps) {
  const { t } = services;
  const info = providerInfo(p.id);
  const key = secretKeyFor(p.id);
  return (
    <>
      {info.needsBaseUrl ? (
        <label>
          {t('providerBaseUrl')}
          <input
            type="url"
            data-testid="provider-base-url"
            value={p.baseUrl ?? ''}
            placeholder="https://searx.example.org"
            onInput={(e) => onChange({ ...p, baseUrl: e.currentTarget.value })}
          />
        </label>
      ) : null}
      {info.needsEngineId ? (
        <label>
          {t('providerEngineId')}
          <input
            data-testid="provider-engine-id"
            value={p.engineId ?? ''}
            onInput={(e) => onChange({ ...p, engineId: e.currentTarget.value })}
          />
        </label>
      ) : null}
      {info.needsKey ? (
        <SecretField
          label={t('providerKey')}
          name={key}
          saved={secrets.masks[key]}
          edit={secrets.edits[key]}
          onEdit={(v) => secrets.edit(key, v)}
          testId="provider-key"
          t={t}
        />
      ) : null}
    </>
  );
}

/** Test: saves first (the provider is built from saved settings and keys), then one query, worded. */
function ProviderTest({
  provider: p,
  services,
  commit,
}: Pick<ProviderRowProps, 'provider' | 'services' | 'commit'>) {
  const { t } = services;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

  // Saved first, in this click: commit() asks for the provider's origin before any await.
  const test = () => {
    setResult(null);
    setTesting(true);
    void commit()
      .then(async (saved) => {
        if (saved) setResult(resultOf(await services.client.send('search.test', { provider: p.id }), t));
      })
      .catch((e: unknown) => setResult({ ok: false, text: errorParts(e, t).message }))
      .finally(() => setTesting(false));
  };

  return (
    <TestRow
      label={t('providerTest')}
      testing={testing}
      testingText={t('testing')}
      result={result}
      onTest={test}
      buttonId="provider-test"
      resultId="provider-test-result"
    />
  );
}

function resultOf(r: SearchTest, t: Translate): { ok: boolean; text: string } {
  if (!r.ok) return { ok: false, text: searchTestWords(r, t) };
  const text = r.count === 1 ? t('providerTestCountOne') : t('providerTestCount', String(r.count));
  return { ok: true, text };
}
