import { chooseProfile, PROFILES } from '../../profiles/profiles';
import { profileForSettings } from '../../settings/model-profile';
import { stepsAllowed } from '../../settings/step-limit';
import type { SectionProps } from './option-types';

/**
 * Says how many steps a run will really take: the step limit and the thoroughness cap both apply,
 * and the lower one wins ("200" beside "Balanced" means 60).
 */
export function StepCapNote({ settings, t }: Pick<SectionProps, 'settings' | 't'>) {
  const profile = chooseProfile(settings.profile, profileForSettings(settings));
  const steps = stepsAllowed(settings, PROFILES[profile].maxSteps);
  const capped = steps < settings.stepLimit;
  return (
    <p class="small muted" data-testid="step-cap" data-steps={steps}>
      {capped
        ? t('optionsStepCapLower', [String(steps), String(settings.stepLimit)])
        : t('optionsStepCap', String(steps))}
    </p>
  );
}
