import type { EngineStatus } from '../../llm/host/engine-status';
import type { Settings } from '../../settings/schema';
import type { UiServices } from '../shared/services';
import { EngineLoad } from './engine-load';
import { GgufExtras } from './gguf-extras';
import { OpenAiPanel } from './openai-panel';
import type { SectionProps } from './option-types';
import type { useSecrets } from './use-secrets';
import { WebLlmPanel } from './webllm-panel';
import { WllamaPanel } from './wllama-panel';

export function ModelSection(
  props: SectionProps & {
    services: UiServices;
    secrets: ReturnType<typeof useSecrets>;
    commit: () => Promise<boolean>;
    granted: Record<string, boolean>;
    onAccess: () => void;
    status: EngineStatus | null;
    savedBaseUrl: string;
  },
) {
  const { settings, set, t, services, status, commit } = props;
  // A finished download changes the cached list; the key makes it reload then.
  const refreshKey = `${status?.state ?? ''}|${status?.modelId ?? ''}`;
  return (
    <fieldset id="model">
      <legend>{t('optionsModel')}</legend>
      <label>
        {t('optionsEngine')}
        <select
          name="engine"
          data-testid="engine-select"
          value={settings.engine}
          onChange={(e) => set('engine', e.currentTarget.value as Settings['engine'])}
        >
          <option value="auto">{t('optionsEngineAuto')}</option>
          <option value="web-llm">{t('optionsEngineWebllm')}</option>
          <option value="wllama">{t('optionsEngineWllama')}</option>
          <option value="openai">{t('optionsEngineOpenAI')}</option>
        </select>
      </label>
      {settings.engine === 'web-llm' ? (
        <WebLlmPanel services={services} settings={settings} set={set} t={t} refreshKey={refreshKey} />
      ) : null}
      {settings.engine === 'wllama' ? <WllamaPanel settings={settings} set={set} t={t} /> : null}
      {settings.engine === 'wllama' || settings.engine === 'auto' ? (
        <GgufExtras services={services} settings={settings} set={set} t={t} status={status} />
      ) : null}
      {settings.engine === 'openai' ? <OpenAiPanel {...props} /> : null}
      <label>
        {t('optionsContextWindow')}
        <input
          name="contextWindow"
          type="number"
          min={2048}
          max={262144}
          step={1024}
          value={settings.contextWindow}
          onInput={(e) => set('contextWindow', Number(e.currentTarget.value))}
        />
      </label>
      {settings.engine !== 'openai' ? (
        <EngineLoad services={services} status={status} commit={commit} />
      ) : null}
    </fieldset>
  );
}
