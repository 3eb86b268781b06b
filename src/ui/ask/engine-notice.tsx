import type { EngineStatus } from '../../llm/host/engine-status';
import { formatBytes } from '../../llm/progress-stats';
import { errorWords } from '../errors/error-words';
import type { UiServices } from '../shared/services';
import type { SystemStatus } from '../status/use-system-status';
import { ModelProgress } from './model-progress';
import { PlanError } from './plan-error';
import { PlanSummary } from './plan-summary';
import type { PlanState } from './use-engine-plan';
import type { ModelSource } from './use-model-source';

/**
 * Says what is missing before research can run, and offers the next step: load the model, fix the
 * engine settings, start the model server, or reload the extension when its engine host does not
 * answer. A model server needs no download, so for it this only speaks when the server does not answer.
 */
export function EngineNotice({
  status,
  services,
  model,
  onError,
  onRecheck,
  guideOpen = false,
}: {
  status: SystemStatus;
  services: UiServices;
  /** The panel's one answer to "which model?": what a load would fetch, for the button to say. */
  model: ModelSource;
  onError: (message: string) => void;
  /** Asks for the status again (after the user started their model server). */
  onRecheck?: () => void;
  /** The first-run guide is on screen and names the model and its size: this notice does not repeat them. */
  guideOpen?: boolean;
}) {
  const { t } = services;
  const engine = status.engine;
  const load = () => {
    // A failed load arrives as the engine's error state, which this notice shows with its hint;
    // only a failure to reach the engine host at all needs the separate banner.
    services.client.send('engine.load', {}).catch((e: unknown) => {
      if (e instanceof Error && 'hint' in e && e.hint !== undefined) return;
      onError(e instanceof Error ? e.message : String(e));
    });
  };
  if (status.offscreen === 'down') {
    return (
      <div class="banner error" role="alert" data-testid="error-banner">
        <p>{t('noticeHostDown')}</p>
        {status.error ? <p class="small">{status.error}</p> : null}
        <p class="small">{t('noticeHostDownHint')}</p>
      </div>
    );
  }
  if (!engine) return null;
  if (engine.state === 'loading') return <EngineLoading engine={engine} services={services} />;
  if (engine.state === 'ready' && engine.notice) {
    return (
      <p class="small note" data-testid="engine-caveat">
        {engine.notice}
      </p>
    );
  }
  const server = engine.engine === 'openai' ? engine.server : undefined;
  if (engine.state === 'error' || server?.ok === false) {
    return <EngineError engine={engine} services={services} onRetry={load} onRecheck={onRecheck} />;
  }
  if (engine.state === 'not-loaded' && engine.engine !== 'openai') {
    return (
      <NotLoaded engine={engine} plan={model.plan} services={services} onLoad={load} guideOpen={guideOpen} />
    );
  }
  return null;
}

/** The model downloading or starting, with a way to stop it. */
function EngineLoading({ engine, services }: { engine: EngineStatus; services: UiServices }) {
  const { t } = services;
  return (
    <div data-testid="engine-loading">
      <ModelProgress status={engine} t={t} />
      <div class="banner-actions">
        <button
          type="button"
          data-testid="cancel-load"
          onClick={() => void services.client.send('engine.unload', {}).catch(() => undefined)}
        >
          {t('cancelDownload')}
        </button>
      </div>
    </div>
  );
}

/** A model that failed to load, or a model server that does not answer: why, the fix, and a retry. */
function EngineError({
  engine,
  services,
  onRetry,
  onRecheck,
}: {
  engine: EngineStatus;
  services: UiServices;
  onRetry: () => void;
  onRecheck?: (() => void) | undefined;
}) {
  const { t } = services;
  const error = engine.state === 'error' ? engine.error : engine.server;
  // Worded from its code in the user's language; an error without one shows its own text.
  const worded = error?.info ? errorWords(error.info, t) : { reason: error?.message ?? '', fix: error?.hint };
  return (
    <div class="banner error" role="alert" data-testid="engine-error">
      <p>
        <strong>{engine.state === 'error' ? t('noticeEngineError') : t('noticeServerDown')}</strong>{' '}
        {worded.reason}
      </p>
      {worded.fix ? <p class="small">{worded.fix}</p> : null}
      <div class="banner-actions">
        {engine.engine === 'openai' ? (
          <button type="button" data-testid="recheck" onClick={() => onRecheck?.()}>
            {t('noticeRecheck')}
          </button>
        ) : (
          <button type="button" data-testid="retry-load" onClick={onRetry}>
            {t('noticeRetryLoad')}
          </button>
        )}
        <button type="button" class="link" onClick={() => services.openOptions()}>
          {t('noticeOpenOptions')}
        </button>
      </div>
    </div>
  );
}

/** A model not loaded yet: what a load would fetch (unless the guide below says it) and a button to load. */
function NotLoaded({
  engine,
  plan: planState,
  services,
  onLoad,
  guideOpen,
}: {
  engine: EngineStatus;
  plan: PlanState;
  services: UiServices;
  onLoad: () => void;
  guideOpen: boolean;
}) {
  const { t } = services;
  const { plan, busy: planBusy } = planState;
  const named = plan && !guideOpen;
  // Under the first-run guide, which names the model and its download, one row says what remains:
  // three lines here pushed the question box and Research below the first screen at 400×900.
  if (guideOpen) {
    return (
      <div
        class="banner info compact"
        data-testid="engine-notice"
        data-plan={plan ? 'known' : planBusy ? 'asking' : 'none'}
      >
        <p>{t('noticeNotLoadedGuide')}</p>
        <button type="button" data-testid="load-model" onClick={onLoad}>
          {t('noticeLoad')}
        </button>
      </div>
    );
  }
  return (
    <div
      class="banner info"
      data-testid="engine-notice"
      data-plan={plan ? 'known' : planBusy ? 'asking' : 'none'}
    >
      <p>
        {!plan && !guideOpen && engine.modelId
          ? t('noticeNotLoadedModel', engine.modelId)
          : t('noticeNotLoaded')}
      </p>
      {named ? <PlanSummary plan={plan} t={t} /> : null}
      {/* The guide below says it under the model it names: one answer to "which model?". */}
      {guideOpen ? null : <PlanError plan={planState} t={t} />}
      <div class="banner-actions">
        <button type="button" data-testid="load-model" onClick={onLoad}>
          {named && plan.downloadBytes
            ? t('noticeDownload', formatBytes(plan.downloadBytes))
            : t('noticeLoad')}
        </button>
        {/* The guide below has its own "Choose another model": two links to one place, one box
            apart, made the reader wonder which to use. */}
        {guideOpen ? null : (
          <button type="button" class="link" onClick={() => services.openOptions()}>
            {t('noticeOpenOptions')}
          </button>
        )}
      </div>
    </div>
  );
}
