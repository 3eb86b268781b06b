import { localServerAdvice } from '../../llm/host/speed-advice';
import { LocalServerOffer, switchToOllama } from '../ask/local-server-offer';
import { PlanError } from '../ask/plan-error';
import { ownOriginPattern } from '../errors/engine-words';
import { backendWords } from '../shared/backend-words';
import type { UiServices } from '../shared/services';
import type { Translate } from '../shared/translate';
import type { GuideFacts } from './guide-facts';
import { modelPlan } from './model-plan';

/**
 * A download size ("324 MB") kept on one line: a line that ended "· 324" left "MB download" to the
 * next. The words around it wrap as before.
 */
function sizeOnOneLine(text: string) {
  const m = /\d[\d.,]* [KMGT]?B\b/.exec(text);
  if (!m) return text;
  return (
    <>
      {text.slice(0, m.index)}
      <span class="nowrap">{m[0]}</span>
      {text.slice(m.index + m[0].length)}
    </>
  );
}

const OLLAMA_MARK = {
  running: { cls: 'check-ok', mark: '✓ ' },
  refused: { cls: 'check-bad', mark: '✗ ' },
  none: { cls: 'check-none', mark: '– ' },
} as const;

/** What this machine can run and the model the first run will use, with a switch to a local Ollama. */
export function GuideModel({
  facts,
  services,
  onChanged,
  onLookAgain = () => undefined,
}: {
  facts: GuideFacts;
  services: UiServices;
  onChanged: () => void;
  /** Asks again whether a local server runs here (after the user started one). */
  onLookAgain?: () => void;
}) {
  const { t } = services;
  const { settings, ollama } = facts;
  const plan = modelPlan(settings, facts.catalog, facts.cached, t, facts.plan);
  // A model server's plan explains nothing about this machine: its reasons are not shown.
  const local = facts.plan && facts.plan.engine !== 'openai' ? facts.plan : null;
  const reason = local?.reason || '';
  const backendReason = local?.threads ? backendWords(local, t) : '';
  const offer = ollama?.state === 'running' && settings.engine !== 'openai' ? ollama.models[0] : undefined;
  const advice = localServerAdvice(local);
  const baseUrl = ollama?.state === 'running' ? ollama.baseUrl : undefined;
  const pickOllama = (model: string) =>
    switchToOllama(services, { allowLoopback: settings.allowLoopback, baseUrl }, model, onChanged);
  return (
    <>
      <GuideMachine facts={facts} t={t} quiet={!!(reason || backendReason)} />
      <p data-testid="guide-plan" data-profile={facts.plan?.profile ?? ''}>
        {t('guideWillUse')} <strong data-testid="guide-model-name">{plan.name}</strong>
        {plan.cost ? <> · {sizeOnOneLine(plan.cost)}</> : ''}
        {/* One sentence, whichever model and cost it names: it ends as the guide's others do. */}
        {t('sentenceEnd')}
      </p>
      {facts.planProblem ? <PlanError plan={facts.planProblem} t={t} /> : null}
      {reason ? (
        <p class="muted" data-testid="plan-reason">
          {reason}
        </p>
      ) : null}
      {backendReason ? (
        <p class="muted" data-testid="plan-backend">
          {backendReason}
        </p>
      ) : null}
      {advice ? (
        <LocalServerOffer
          advice={advice}
          ollama={ollama}
          services={services}
          allowLoopback={settings.allowLoopback}
          onChanged={onChanged}
          onLookAgain={onLookAgain}
          useButton={false}
          testId="guide-slow"
        />
      ) : null}
      <div class="banner-actions">
        {offer ? (
          <button type="button" data-testid="guide-use-ollama" onClick={() => pickOllama(offer)}>
            {t('guideUseOllama', offer)}
          </button>
        ) : null}
        <button type="button" class="link" onClick={() => services.openOptions('model')}>
          {t('guideChangeModel')}
        </button>
      </div>
      {offer && !settings.allowLoopback ? (
        <p class="small muted" data-testid="guide-ollama-access">
          {t('guideOllamaAccess')}
        </p>
      ) : null}
    </>
  );
}

/** The WebGPU and Ollama lines, each with its mark. */
function GuideMachine({ facts, t, quiet }: { facts: GuideFacts; t: Translate; quiet: boolean }) {
  const { probe, ollama } = facts;
  const gpu = probe?.available
    ? t(
        'guideWebGpuYes',
        [probe.vendor, probe.architecture].filter(Boolean).join(' ') || t('probeUnknownGpu'),
      )
    : t('guideWebGpuNo');
  // On a software adapter the engine's own line says what that means for it (web-llm: "Software
  // WebGPU … is very slow, so Sleuth uses the smallest model"; wllama runs on the CPU instead): the
  // WebGPU line then leaves it out, or the guide said "very slow" twice.
  const software =
    probe?.available &&
    !quiet &&
    /swiftshader|llvmpipe|software/i.test(`${probe.vendor} ${probe.architecture}`);
  const ollamaMark =
    OLLAMA_MARK[ollama?.state === 'running' || ollama?.state === 'refused' ? ollama.state : 'none'];
  return (
    <>
      <p data-testid="guide-webgpu">
        <span class={probe?.available ? 'check-ok' : 'check-bad'} aria-hidden="true">
          {probe?.available ? '✓ ' : '✗ '}
        </span>
        {gpu}
        {software ? ` ${t('probeSoftware')}` : ''}
      </p>
      <p data-testid="guide-ollama">
        {/* Ollama is optional: its absence is a fact, not a fault (a red ✗ read as one). Only an
            Ollama that refuses Sleuth, which the user must fix, gets the red mark. */}
        <span class={ollamaMark.cls} aria-hidden="true">
          {ollamaMark.mark}
        </span>
        {ollama?.state === 'running'
          ? ollama.models.length === 1
            ? t('guideOllamaYesOne')
            : t('guideOllamaYes', String(ollama.models.length))
          : ollama?.state === 'refused'
            ? t('guideOllamaRefused', ownOriginPattern())
            : t('guideOllamaNo')}
      </p>
    </>
  );
}
