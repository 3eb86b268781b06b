import { useState } from 'preact/hooks';
import { GGUF_CATALOG, parseGgufModelId } from '../../llm/wllama/gguf-catalog';
import type { Settings } from '../../settings/schema';
import type { SectionProps } from './option-types';

const CUSTOM = 'custom';

/** wllama: a catalog repo or the user's own (hf:owner/repo[/file] or URL), quantisation, backend, threads. */
export function WllamaPanel({ settings, set, t }: SectionProps) {
  const value = settings.wllamaModelUrl.trim();
  const isPreset = (v: string) => GGUF_CATALOG.some((e) => e.id === v);
  const [custom, setCustom] = useState(value !== '' && !isPreset(value));
  const first = GGUF_CATALOG[0]?.id ?? '';
  const selected = custom ? CUSTOM : value || first;
  const invalid = custom && value !== '' && parseGgufModelId(value) === null;
  const fileGiven = parseGgufModelId(value || first)?.kind === 'url' || /^hf:[^/]+\/[^/]+\/.+/.test(value);
  return (
    <>
      <label>
        {t('optionsGgufModel')}
        <select
          name="wllamaPreset"
          data-testid="gguf-model"
          value={selected}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setCustom(next === CUSTOM);
            set('wllamaModelUrl', next === CUSTOM ? '' : next);
          }}
        >
          {GGUF_CATALOG.map((e) => (
            <option key={e.id} value={e.id}>
              {t('ggufRepo', [e.label, e.repo])}
            </option>
          ))}
          <option value={CUSTOM}>{t('ggufCustom')}</option>
        </select>
      </label>
      {custom ? (
        <label>
          {t('ggufUrl')}
          <input
            name="wllamaModelUrl"
            data-testid="gguf-url"
            value={settings.wllamaModelUrl}
            placeholder="hf:owner/repo"
            aria-invalid={invalid}
            onInput={(e) => set('wllamaModelUrl', e.currentTarget.value)}
          />
        </label>
      ) : null}
      {invalid ? <p class="small note">{t('ggufUrlInvalid')}</p> : null}
      {fileGiven ? null : (
        <label>
          {t('optionsGgufQuant')}
          <input
            name="ggufQuant"
            data-testid="gguf-quant"
            value={settings.ggufQuant}
            placeholder={t('ggufQuantAuto')}
            onInput={(e) => set('ggufQuant', e.currentTarget.value.trim())}
          />
        </label>
      )}
      <WllamaRuntime settings={settings} set={set} t={t} />
    </>
  );
}

/** Where the model runs (WebGPU or the CPU) and on how many threads. */
function WllamaRuntime({ settings, set, t }: SectionProps) {
  return (
    <>
      <label>
        {t('optionsWllamaBackend')}
        <select
          name="wllamaBackend"
          data-testid="wllama-backend"
          value={settings.wllamaBackend}
          onChange={(e) => set('wllamaBackend', e.currentTarget.value as Settings['wllamaBackend'])}
        >
          <option value="auto">{t('backendAuto')}</option>
          <option value="webgpu">{t('backendWebgpu')}</option>
          <option value="cpu">{t('backendCpu')}</option>
        </select>
      </label>
      <label>
        {t('optionsWllamaThreads')}
        <input
          name="wllamaThreads"
          type="number"
          min={0}
          max={64}
          value={settings.wllamaThreads}
          onInput={(e) => set('wllamaThreads', Math.max(0, Math.min(64, Number(e.currentTarget.value) || 0)))}
        />
      </label>
    </>
  );
}
