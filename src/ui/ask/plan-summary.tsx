import type { EnginePlan } from '../../llm/host/engine-status';
import { formatBytes } from '../../llm/progress-stats';
import { backendWords } from '../shared/backend-words';
import type { Translate } from '../shared/translate';

/** What would load and why: model, download size, profile, backend, reason and any caveat. */
export function PlanSummary({ plan, t }: { plan: EnginePlan; t: Translate }) {
  const facts = [
    plan.downloadBytes === undefined
      ? null
      : plan.downloadBytes > 0
        ? t('planDownload', formatBytes(plan.downloadBytes))
        : t('planStored'),
    plan.profile === 'dr-venus' ? t('planProfileDrVenus') : null,
    plan.threads
      ? t('planRunsOn', [plan.backend === 'webgpu' ? 'WebGPU' : 'CPU', String(plan.threads)])
      : null,
  ].filter(Boolean);
  const backendLine = plan.threads ? backendWords(plan, t) : '';
  return (
    <div class="plan" data-testid="engine-plan" data-profile={plan.profile ?? ''}>
      <p>
        <strong data-testid="plan-model">{plan.label ?? plan.modelId}</strong>
        {facts.length ? ` · ${facts.join(' · ')}` : ''}
      </p>
      {plan.reason ? (
        <p class="small muted" data-testid="plan-reason">
          {plan.reason}
        </p>
      ) : null}
      {backendLine ? (
        <p class="small muted" data-testid="plan-backend">
          {backendLine}
        </p>
      ) : null}
      {plan.notice ? (
        <p class="small note" data-testid="plan-notice">
          {plan.notice}
        </p>
      ) : null}
    </div>
  );
}
