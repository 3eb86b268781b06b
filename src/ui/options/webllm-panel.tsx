import { useEffect, useState } from 'preact/hooks';
import type { EngineCatalog } from '../../llm/host/engine-catalog';
import { formatBytes } from '../../llm/progress-stats';
import type { WebGpuProbeResult } from '../../llm/webgpu-probe';
import type { UiServices } from '../shared/services';
import { CachedModels } from './cached-models';
import { CustomModels } from './custom-models';
import { errorParts, type SectionProps } from './option-types';
import { ProbeResult } from './probe-result';

const MiB = 1024 * 1024;

/** web-llm: the GPU check, the Qwen3 list (Auto = '' picks for this GPU), cached models, custom builds. */
export function WebLlmPanel({
  services,
  settings,
  set,
  t,
  refreshKey,
}: SectionProps & { services: UiServices; refreshKey: string }) {
  const { client } = services;
  const [probe, setProbe] = useState<WebGpuProbeResult | null>(null);
  const [probeError, setProbeError] = useState<string | null>(null);
  const [catalog, setCatalog] = useState<EngineCatalog | null>(null);
  const [catalogError, setCatalogError] = useState<string | null>(null);

  useEffect(() => {
    client.send('engine.probe', {}).then(setProbe, (e: unknown) => setProbeError(errorParts(e, t).message));
    client
      .send('engine.catalog', {})
      .then(setCatalog, (e: unknown) => setCatalogError(errorParts(e, t).message));
  }, [client]);

  const value = settings.webllmModel;
  const ids = [...(catalog?.webllm.map((e) => e.id) ?? []), ...settings.customModels.map((m) => m.id)];
  return (
    <>
      <ProbeResult probe={probe} error={probeError} t={t} />
      <label>
        {t('optionsWebllmModel')}
        <select
          name="webllmModel"
          data-testid="webllm-model"
          value={value}
          onChange={(e) => set('webllmModel', e.currentTarget.value)}
        >
          <option value="">
            {catalog?.recommended ? t('modelAutoWith', catalog.recommended) : t('modelAuto')}
          </option>
          {catalog?.webllm.map((e) => (
            <option key={e.id} value={e.id}>
              {t('modelOption', [e.id, formatBytes(e.vramMB * MiB), formatBytes(e.approxDownloadBytes)])}
            </option>
          ))}
          {settings.customModels
            .filter((m) => m.id.trim())
            .map((m) => (
              <option key={`custom:${m.id}`} value={m.id}>
                {t('modelCustomOption', m.id)}
              </option>
            ))}
          {value && !ids.includes(value) ? <option value={value}>{value}</option> : null}
        </select>
      </label>
      {catalog?.reason ? <p class="small muted">{t('modelAutoReason', catalog.reason)}</p> : null}
      {catalogError ? <p class="small note">{t('catalogError', catalogError)}</p> : null}
      <CachedModels services={services} refreshKey={refreshKey} />
      <CustomModels settings={settings} set={set} t={t} />
    </>
  );
}
