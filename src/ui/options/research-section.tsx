import type { Settings } from '../../settings/schema';
import type { SectionProps } from './option-types';
import { StepCapNote } from './step-cap-note';

/** How a run behaves: length, depth, attempts, page summaries, and the export default. */
export function ResearchSection(props: SectionProps) {
  return (
    <fieldset id="research">
      <legend>{props.t('optionsResearch')}</legend>
      <RunLength {...props} />
      <Attempts {...props} />
      <SummaryAndExport {...props} />
      <ExtractorServer {...props} />
    </fieldset>
  );
}

/** The step limit and how thorough a run is, with what caps the steps. */
function RunLength({ settings, set, t }: SectionProps) {
  return (
    <>
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
        <span class="small muted">{t('optionsThoroughnessHelp')}</span>
        <select
          name="thoroughness"
          value={settings.thoroughness}
          onChange={(e) => set('thoroughness', e.currentTarget.value as Settings['thoroughness'])}
        >
          <option value="profile">{t('thoroughnessProfile')}</option>
          <option value="quick">{t('thoroughnessQuick')}</option>
          <option value="balanced">{t('thoroughnessBalanced')}</option>
          <option value="deep">{t('thoroughnessDeep')}</option>
        </select>
      </label>
      <StepCapNote settings={settings} t={t} />
    </>
  );
}

/** How many attempts at one question, and how many run at once. */
function Attempts({ settings, set, t }: SectionProps) {
  return (
    <>
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
        {t('optionsParallelAttempts')}
        <span class="small muted">{t('optionsParallelAttemptsHelp')}</span>
        <input
          name="parallelAttempts"
          type="number"
          min={1}
          max={5}
          step={1}
          value={settings.parallelAttempts}
          onInput={(e) => set('parallelAttempts', Number(e.currentTarget.value))}
        />
      </label>
    </>
  );
}

/** How a page read is summarised, and whether an export carries the research trail. */
function SummaryAndExport({ settings, set, t }: SectionProps) {
  return (
    <>
      <label>
        {t('optionsSummaryMode')}
        <span class="small muted">{t('optionsSummaryModeHelp')}</span>
        <select
          name="summaryMode"
          value={settings.summaryMode}
          onChange={(e) => set('summaryMode', e.currentTarget.value as Settings['summaryMode'])}
        >
          <option value="auto">{t('summaryModeAuto')}</option>
          <option value="passages">{t('summaryModePassages')}</option>
          <option value="extractor">{t('summaryModeExtractor')}</option>
          <option value="main-model" disabled={settings.engine !== 'openai'}>
            {t('summaryModeMainModel')}
          </option>
        </select>
      </label>
      <label class="check">
        <input
          name="exportTrail"
          type="checkbox"
          checked={settings.exportTrail}
          onChange={(e) => set('exportTrail', e.currentTarget.checked)}
        />
        {t('optionsExportTrail')}
      </label>
    </>
  );
}

/** The summary model's own server (the "extractor"), folded away: few people set one. */
function ExtractorServer({ settings, set, t }: SectionProps) {
  return (
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
      <label>
        {t('optionsExtractorWindow')}
        <input
          name="extractorContextWindow"
          type="number"
          min={2048}
          max={262144}
          step={1024}
          value={settings.extractorContextWindow}
          onInput={(e) => set('extractorContextWindow', Number(e.currentTarget.value))}
        />
      </label>
    </details>
  );
}
