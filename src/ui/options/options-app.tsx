import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../../settings/schema';
import type { UiServices } from '../shared/services';

type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

export function OptionsApp({ services }: { services: UiServices }) {
  const { t } = services;
  const [settings, setSettings] = useState<Settings | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    services.settings.load().then(setSettings, (e: unknown) => setLoadError(String(e)));
  }, [services]);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!settings) return <p>{t('loading')}</p>;

  const set = <K extends keyof Settings>(k: K, value: Settings[K]) => {
    setSettings({ ...settings, [k]: value });
    setSave('idle');
  };
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    setSave('saving');
    try {
      await services.settings.save(settings);
      await services.client.send('offscreen.settingsChanged', {}).catch(() => undefined);
      setSave('saved');
    } catch (err) {
      setSave({ error: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <form class="options" onSubmit={onSubmit} aria-labelledby="options-title">
      <h1 id="options-title">{t('optionsTitle')}</h1>
      <fieldset>
        <legend>{t('optionsModel')}</legend>
        <label>
          {t('optionsEngine')}
          <select
            name="engine"
            value={settings.engine}
            onChange={(e) => set('engine', e.currentTarget.value as Settings['engine'])}
          >
            <option value="web-llm">WebGPU (web-llm)</option>
            <option value="wllama">GGUF (wllama)</option>
            <option value="openai">{t('optionsEngineOpenAI')}</option>
          </select>
        </label>
        <label>
          {t('optionsContextWindow')}
          <input
            name="contextWindow"
            type="number"
            min={2048}
            max={131072}
            step={1024}
            value={settings.contextWindow}
            onInput={(e) => set('contextWindow', Number(e.currentTarget.value))}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('optionsResearch')}</legend>
        <label>
          {t('optionsStepLimit')}
          <input
            name="stepLimit"
            type="number"
            min={1}
            max={200}
            value={settings.stepLimit}
            onInput={(e) => set('stepLimit', Number(e.currentTarget.value))}
          />
        </label>
        <label>
          {t('optionsThoroughness')}
          <select
            name="thoroughness"
            value={settings.thoroughness}
            onChange={(e) => set('thoroughness', e.currentTarget.value as Settings['thoroughness'])}
          >
            <option value="quick">{t('thoroughnessQuick')}</option>
            <option value="balanced">{t('thoroughnessBalanced')}</option>
            <option value="deep">{t('thoroughnessDeep')}</option>
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('optionsPrivacy')}</legend>
        <label class="check">
          <input
            name="allowHttp"
            type="checkbox"
            checked={settings.allowHttp}
            onChange={(e) => set('allowHttp', e.currentTarget.checked)}
          />
          {t('optionsAllowHttp')}
        </label>
        <label>
          {t('optionsDenyList')}
          <textarea
            name="denyList"
            rows={3}
            value={settings.denyList.join('\n')}
            onInput={(e) => set('denyList', lines(e.currentTarget.value))}
          />
        </label>
        <label class="check">
          <input
            name="allowLoopback"
            type="checkbox"
            checked={settings.allowLoopback}
            onChange={(e) => set('allowLoopback', e.currentTarget.checked)}
          />
          {t('optionsAllowLoopback')}
        </label>
      </fieldset>
      <div class="actions">
        <button type="submit" disabled={save === 'saving'}>
          {t('save')}
        </button>
        <span role="status" data-testid="save-state">
          {save === 'saved' ? t('saved') : typeof save === 'object' ? save.error : ''}
        </span>
      </div>
    </form>
  );
}
