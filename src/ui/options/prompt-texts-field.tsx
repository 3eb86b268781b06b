import type { ProfileId } from '../../profiles/profiles';
import type { PromptTexts } from '../../profiles/prompt-texts';
import type { Translate } from '../shared/translate';

const LABEL: Record<keyof PromptTexts, string> = {
  system: 'promptTextSystem',
  formatError: 'promptTextFormatError',
  forceAnswer: 'promptTextForceAnswer',
  contextLimit: 'promptTextContextLimit',
  pageFailedEvidence: 'promptTextPageFailedEvidence',
  pageFailedSummary: 'promptTextPageFailedSummary',
  duplicate: 'promptTextDuplicate',
  dropped: 'promptTextDropped',
  extractor: 'promptTextExtractor',
};

/**
 * The profile's prompt texts, each replaceable by the user's own (pasted from elsewhere, say). An
 * empty box keeps the profile's text, shown faded as its placeholder.
 */
export function PromptTextsField(props: {
  profile: ProfileId;
  name: string;
  defaults: PromptTexts;
  value: Partial<PromptTexts>;
  onChange: (texts: Partial<PromptTexts>) => void;
  keys: readonly (keyof PromptTexts)[];
  t: Translate;
}) {
  const { value, onChange, t } = props;
  const edited = props.keys.filter((k) => value[k]?.trim());
  const setText = (key: keyof PromptTexts, text: string) => {
    const { [key]: _old, ...rest } = value;
    onChange(text ? { ...rest, [key]: text } : rest);
  };
  return (
    <details class="prompt-texts" data-testid="prompt-texts" open={edited.length > 0}>
      <summary>{t('optionsPromptTexts', props.name)}</summary>
      <p class="small muted">{t('optionsPromptTextsHelp')}</p>
      {props.keys.map((key) => (
        <label key={`${props.profile}-${key}`}>
          {t(LABEL[key])}
          <textarea
            name={`prompt-${key}`}
            data-testid={`prompt-${key}`}
            rows={key === 'system' || key === 'extractor' ? 8 : 3}
            value={value[key] ?? ''}
            placeholder={props.defaults[key]}
            onInput={(e) => setText(key, e.currentTarget.value)}
          />
        </label>
      ))}
      <div class="row">
        <button
          type="button"
          data-testid="reset-prompt"
          disabled={edited.length === 0}
          onClick={() => onChange({})}
        >
          {t('optionsResetPrompt')}
        </button>
      </div>
    </details>
  );
}
