import { useState } from 'preact/hooks';
import type { ProviderSetting } from '../../settings/schema';
import { providerInfo, secretKeyFor } from '../../tools/search/catalog';
import type { UiServices } from '../shared/services';
import { AccessWarning } from './access-warning';
import { errorParts } from './option-types';
import { providerOrigins } from './save-plan';
import { SecretField } from './secret-field';
import type { useSecrets } from './use-secrets';

type TestResult = { ok: boolean; message: string; count?: number };

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
  const { provider: p, index, count, services, secrets, onChange, onMove } = props;
  const { t } = services;
  const info = providerInfo(p.id);
  const key = secretKeyFor(p.id);
  const [result, setResult] = useState<TestResult | null>(null);
  const [testing, setTesting] = useState(false);

  // Save first (the engine host builds the provider from saved settings and keys), in this click.
  const test = () => {
    setResult(null);
    setTesting(true);
    void props
      .commit()
      .then(async (saved) => {
        if (saved) setResult(await services.client.send('search.test', { provider: p.id }));
      })
      .catch((e: unknown) => setResult({ ok: false, message: errorParts(e).message }))
      .finally(() => setTesting(false));
  };
  const resultText = (r: TestResult) =>
    r.ok && r.count !== undefined ? t('providerTestCount', String(r.count)) : r.message;
  const headingId = `provider-${p.id}`;

  return (
    <li class="provider" data-testid="search-provider" data-provider={p.id} aria-labelledby={headingId}>
      <div class="row">
        <label class="check">
          <input
            type="checkbox"
            data-testid="provider-enabled"
            checked={p.enabled}
            onChange={(e) => onChange({ ...p, enabled: e.currentTarget.checked })}
          />
          <strong id={headingId}>{info.label}</strong>
        </label>
        <span class="spacer" />
        <button
          type="button"
          data-testid="provider-up"
          aria-label={t('providerUp', info.label)}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          data-testid="provider-down"
          aria-label={t('providerDown', info.label)}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
      </div>
      <p class="small muted">
        {info.note}{' '}
        <a href={info.docsUrl} target="_blank" rel="noopener noreferrer">
          {t('providerDocs')}
        </a>
      </p>
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
      {p.enabled ? (
        <AccessWarning
          origins={providerOrigins(p)}
          granted={props.granted}
          services={services}
          onAnswer={props.onAccess}
          what={t('accessWhatSearch')}
        />
      ) : null}
      <div class="row">
        <button type="button" data-testid="provider-test" onClick={test} disabled={testing}>
          {t('providerTest')}
        </button>
        <span
          role="status"
          data-testid="provider-test-result"
          data-ok={result ? String(result.ok) : undefined}
          class={result && !result.ok ? 'small error-text' : 'small'}
        >
          {testing ? t('testing') : result ? resultText(result) : ''}
        </span>
      </div>
    </li>
  );
}
