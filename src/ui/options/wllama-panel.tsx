import { useState } from 'preact/hooks';
import { GGUF_CATALOG, resolveGgufUrl } from '../../llm/gguf-catalog';
import { formatBytes } from '../../llm/progress-stats';
import type { SectionProps } from './option-types';

const CUSTOM = 'custom';

/** wllama: a DR-Venus GGUF preset, or the user's own GGUF URL / `hf:owner/repo/file`. */
export function WllamaPanel({ settings, set, t }: SectionProps) {
  const value = settings.wllamaModelUrl.trim();
  const isPreset = (v: string) => GGUF_CATALOG.some((e) => e.id === v);
  const [custom, setCustom] = useState(value !== '' && !isPreset(value));
  const first = GGUF_CATALOG[0]?.id ?? '';
  const selected = custom ? CUSTOM : value || first;
  const invalid = custom && value !== '' && resolveGgufUrl(value) === null;
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
              {t('ggufOption', [e.label, formatBytes(e.approxBytes)])}
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
            placeholder="hf:owner/repo/model-Q4_K_M.gguf"
            aria-invalid={invalid}
            onInput={(e) => set('wllamaModelUrl', e.currentTarget.value)}
          />
        </label>
      ) : null}
      {invalid ? <p class="small note">{t('ggufUrlInvalid')}</p> : null}
    </>
  );
}
