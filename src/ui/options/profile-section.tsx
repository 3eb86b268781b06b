import { chooseProfile, PROFILES, type ProfileId, type Sampling } from '../../profiles/profiles';
import { PROMPT_TEXT_KEYS, type PromptTexts } from '../../profiles/prompt-texts';
import { profileForSettings } from '../../settings/model-profile';
import type { Settings } from '../../settings/schema';
import type { SectionProps } from './option-types';
import { PromptTextsField } from './prompt-texts-field';

type SamplingKey = keyof Sampling;

const SAMPLING: ReadonlyArray<{ key: SamplingKey; label: string; min: number; max: number; step: number }> = [
  { key: 'temperature', label: 'optionsTemperature', min: 0, max: 2, step: 0.05 },
  { key: 'topP', label: 'optionsTopP', min: 0, max: 1, step: 0.01 },
  { key: 'topK', label: 'optionsTopK', min: 0, max: 1000, step: 1 },
  { key: 'presencePenalty', label: 'optionsPresencePenalty', min: -2, max: 2, step: 0.05 },
  { key: 'maxTokens', label: 'optionsMaxTokens', min: 256, max: 32768, step: 256 },
];

const profileName = (id: ProfileId, t: SectionProps['t']) =>
  id === 'dr-venus' ? t('profileDrVenus') : t('profileGeneral');

/**
 * The model profile: which one runs (automatic follows the model), what it sets, and the user's
 * changes on top of it — sampling, fold and duplicate policies, and its prompt texts.
 */
export function ProfileSection(props: SectionProps) {
  const { settings, set, t } = props;
  const modelProfile = profileForSettings(settings);
  const id = chooseProfile(settings.profile, modelProfile);
  const profile = PROFILES[id];
  const setTexts = (texts: Partial<PromptTexts>) =>
    set('promptTexts', { ...settings.promptTexts, [id]: texts });
  return (
    <fieldset data-testid="profile-section">
      <legend>{t('optionsProfile')}</legend>
      <ProfileChoice {...props} id={id} modelProfile={modelProfile} />
      <SamplingFields {...props} profileSampling={profile.sampling} />
      <Policies {...props} />
      <PromptTextsField
        profile={id}
        name={profileName(id, t)}
        defaults={profile.prompts}
        value={settings.promptTexts[id] ?? {}}
        onChange={setTexts}
        keys={PROMPT_TEXT_KEYS}
        t={t}
      />
    </fieldset>
  );
}

/** Which profile runs, and what the one in effect is for. */
function ProfileChoice({
  settings,
  set,
  t,
  id,
  modelProfile,
}: SectionProps & { id: ProfileId; modelProfile: ProfileId }) {
  return (
    <>
      <label>
        {t('optionsProfileChoice')}
        <span class="small muted">{t('optionsProfileChoiceHelp')}</span>
        <select
          name="profile"
          data-testid="profile-select"
          aria-describedby="profile-effective"
          value={settings.profile}
          onChange={(e) => set('profile', e.currentTarget.value as Settings['profile'])}
        >
          <option value="auto">{t('profileAuto', profileName(modelProfile, t))}</option>
          <option value="dr-venus">{t('profileDrVenus')}</option>
          <option value="general">{t('profileGeneral')}</option>
        </select>
      </label>
      <p class="small muted" id="profile-effective" data-testid="profile-effective" data-profile={id}>
        {t(id === 'dr-venus' ? 'profileDrVenusAbout' : 'profileGeneralAbout')}
      </p>
    </>
  );
}

/** The user's sampling on top of the profile's, whose values show as placeholders; empty means the profile's. */
function SamplingFields({ settings, set, t, profileSampling }: SectionProps & { profileSampling: Sampling }) {
  const setSampling = (key: SamplingKey, raw: string) => {
    const { [key]: _dropped, ...rest } = settings.sampling;
    const n = Number(raw);
    set('sampling', raw.trim() === '' || !Number.isFinite(n) ? rest : { ...rest, [key]: n });
  };
  return (
    <details>
      <summary>{t('optionsSampling')}</summary>
      <p class="small muted">{t('optionsSamplingHelp')}</p>
      {SAMPLING.map(({ key, label, min, max, step }) => (
        <label key={key}>
          {t(label)}
          <input
            name={`sampling-${key}`}
            type="number"
            min={min}
            max={max}
            step={step}
            value={settings.sampling[key] ?? ''}
            placeholder={String(profileSampling[key] ?? t('optionsSamplingUnset'))}
            onInput={(e) => setSampling(key, e.currentTarget.value)}
          />
        </label>
      ))}
    </details>
  );
}

/** How the loop folds old steps, words its digests, and treats a repeated call. */
function Policies({ settings, set, t }: SectionProps) {
  return (
    <>
      <label>
        {t('optionsFoldPolicy')}
        <select
          name="foldPolicy"
          value={settings.foldPolicy}
          onChange={(e) => set('foldPolicy', e.currentTarget.value as Settings['foldPolicy'])}
        >
          <option value="profile">{t('policyFromProfile')}</option>
          <option value="fold">{t('foldPolicyFold')}</option>
          <option value="no-fold">{t('foldPolicyNoFold')}</option>
        </select>
      </label>
      <label>
        {t('optionsDigestStyle')}
        <span class="small muted">{t('optionsDigestStyleHelp')}</span>
        <select
          name="digestStyle"
          value={settings.digestStyle}
          onChange={(e) => set('digestStyle', e.currentTarget.value as Settings['digestStyle'])}
        >
          <option value="trained">{t('digestStyleTrained')}</option>
          <option value="compact">{t('digestStyleCompact')}</option>
        </select>
      </label>
      <label>
        {t('optionsDuplicatePolicy')}
        <select
          name="duplicatePolicy"
          value={settings.duplicatePolicy}
          onChange={(e) => set('duplicatePolicy', e.currentTarget.value as Settings['duplicatePolicy'])}
        >
          <option value="profile">{t('policyFromProfile')}</option>
          <option value="resample">{t('duplicatePolicyResample')}</option>
          <option value="note">{t('duplicatePolicyNote')}</option>
        </select>
      </label>
    </>
  );
}
