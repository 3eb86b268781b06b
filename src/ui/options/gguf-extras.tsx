import type { EngineStatus } from '../../llm/host/engine-status';
import { PlanSummary } from '../ask/plan-summary';
import { useEnginePlan } from '../ask/use-engine-plan';
import type { UiServices } from '../shared/services';
import { NumberField } from './number-field';
import type { SectionProps } from './option-types';
import { StoredModels } from './stored-models';

/**
 * For the Auto and GGUF engines: the model hub, what these (unsaved) settings would load and why,
 * the GGUF-only switches (the research-format grammar, the download part size), and the GGUF
 * models already stored.
 */
export function GgufExtras({
  services,
  settings,
  set,
  t,
  status,
}: SectionProps & { services: UiServices; status: EngineStatus | null }) {
  // A finished or cancelled download changes what is stored and what would need downloading.
  const refreshKey = `${status?.state ?? ''}|${status?.modelId ?? ''}`;
  const { plan, error, hint, busy } = useEnginePlan(services, { settings, refreshKey });
  return (
    <>
      <label>
        {t('optionsHubUrl')}
        <input
          name="hubUrl"
          type="url"
          data-testid="hub-url"
          value={settings.hubUrl}
          onInput={(e) => set('hubUrl', e.currentTarget.value.trim())}
        />
      </label>
      <div class="plan-box" aria-live="polite">
        <span>{t('planTitle')}</span>
        {plan ? <PlanSummary plan={plan} t={t} /> : null}
        {!plan && busy ? <p class="small muted">{t('planChecking')}</p> : null}
        {error ? (
          <p class="small note" data-testid="plan-error">
            {t('planError', error)} {hint ?? ''}
          </p>
        ) : null}
      </div>
      <label class="check">
        <input
          name="grammar"
          data-testid="grammar"
          type="checkbox"
          checked={settings.grammar === 'protocol'}
          aria-describedby="grammar-help"
          onChange={(e) => set('grammar', e.currentTarget.checked ? 'protocol' : 'off')}
        />
        {t('optionsGrammar')}
      </label>
      <p class="small muted" id="grammar-help">
        {t('optionsGrammarHelp')}
      </p>
      <NumberField
        label={t('optionsShardMb')}
        help={t('optionsShardMbHelp')}
        name="ggufShardMb"
        value={settings.ggufShardMb}
        min={1}
        max={2000}
        onValue={(n) => set('ggufShardMb', n)}
        t={t}
      />
      <StoredModels services={services} refreshKey={refreshKey} />
    </>
  );
}
