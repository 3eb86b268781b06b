import { buildSystemPrompt, formatDate } from '../../agent/prompt';
import type { Settings } from '../../settings/schema';
import type { SectionProps } from './option-types';

/** How a run behaves: length, depth, sampling, the system prompt, and the export default. */
export function ResearchSection({ settings, set, t }: SectionProps) {
  return (
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
      <label>
        {t('optionsAttempts')}
        <span class="small muted">{t('optionsAttemptsHelp')}</span>
        <input
          name="attempts"
          type="number"
          min={1}
          max={5}
          step={1}
          value={settings.attempts}
          onInput={(e) => set('attempts', Number(e.currentTarget.value))}
        />
      </label>
      <label>
        {t('optionsTemperature')}
        <input
          name="temperature"
          type="number"
          min={0}
          max={2}
          step={0.05}
          value={settings.temperature}
          onInput={(e) => set('temperature', Number(e.currentTarget.value))}
        />
      </label>
      <label>
        {t('optionsCustomPrompt')}
        <span class="small muted">{t('optionsCustomPromptHelp')}</span>
        <textarea
          name="customPrompt"
          data-testid="custom-prompt"
          rows={8}
          value={settings.customPrompt}
          // The built-in prompt as a placeholder shows what an empty box means.
          placeholder={buildSystemPrompt({ date: formatDate(Date.now()) })}
          onInput={(e) => set('customPrompt', e.currentTarget.value)}
        />
      </label>
      <div class="row">
        <button
          type="button"
          data-testid="reset-prompt"
          disabled={settings.customPrompt === ''}
          onClick={() => set('customPrompt', '')}
        >
          {t('optionsResetPrompt')}
        </button>
      </div>
      <label class="check">
        <input
          name="exportTrail"
          type="checkbox"
          checked={settings.exportTrail}
          onChange={(e) => set('exportTrail', e.currentTarget.checked)}
        />
        {t('optionsExportTrail')}
      </label>
      <details class="extractor">
        <summary>{t('optionsExtractor')}</summary>
        <p class="small muted">{t('optionsExtractorHelp')}</p>
        <label>
          {t('openaiBaseUrl')}
          <input
            name="extractorBaseUrl"
            type="url"
            placeholder="http://127.0.0.1:11434/v1"
            value={settings.extractorBaseUrl}
            onInput={(e) => set('extractorBaseUrl', e.currentTarget.value)}
          />
        </label>
        <label>
          {t('openaiModel')}
          <input
            name="extractorModel"
            value={settings.extractorModel}
            onInput={(e) => set('extractorModel', e.currentTarget.value)}
          />
        </label>
      </details>
    </fieldset>
  );
}
