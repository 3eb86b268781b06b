import type { EnginePlan } from '../../llm/host/engine-status';
import { formatBytes } from '../../llm/progress-stats';
import type { Translate } from '../shared/translate';
import { PlanSummary } from './plan-summary';

/**
 * Shown instead of starting the first run when the chosen model is not downloaded yet: what will
 * be downloaded, how much, and why this model; nothing is fetched until the person agrees.
 */
export function FirstRun({
  plan,
  t,
  onDownload,
  onCancel,
}: {
  plan: EnginePlan;
  t: Translate;
  onDownload: () => void;
  onCancel: () => void;
}) {
  const size = formatBytes(plan.downloadBytes ?? 0);
  return (
    <section class="banner info first-run" data-testid="first-run" aria-labelledby="first-run-title">
      <p>
        <strong id="first-run-title">{t('firstRunTitle')}</strong>{' '}
        {t('firstRunBody', [plan.label ?? plan.modelId ?? '', size])}
      </p>
      <PlanSummary plan={plan} t={t} />
      <div class="banner-actions">
        <button type="button" class="primary" data-testid="first-run-download" onClick={onDownload}>
          {t('firstRunDownload', size)}
        </button>
        <button type="button" class="link" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
