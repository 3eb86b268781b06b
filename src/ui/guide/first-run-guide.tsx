import { useEffect, useState } from 'preact/hooks';
import type { EngineCatalog } from '../../llm/host/engine-catalog';
import type { OllamaFound } from '../../llm/host/local-servers';
import type { WebGpuProbeResult } from '../../llm/webgpu-probe';
import { providerInfo } from '../../tools/search/catalog';
import type { ModelSource } from '../ask/use-model-source';
import type { UiServices } from '../shared/services';
import type { GuideFacts } from './guide-facts';
import { GuideIncognito } from './guide-incognito';
import { GuideModel } from './guide-model';
import { GuideSearch } from './guide-search';

/**
 * Before the first question: what this machine can run (WebGPU, a local Ollama), which model Sleuth
 * will use and how big its download is, and whether search works, tested right here.
 */
export function FirstRunGuide({
  services,
  model,
  onDone,
  onSettingsChanged,
}: {
  services: UiServices;
  /** The settings and plan the picker and the notice show too: a switch here shows there at once. */
  model: ModelSource;
  onDone: () => void;
  onSettingsChanged: () => void;
}) {
  const { t } = services;
  const { settings } = model;
  const [looks, setLooks] = useState(0);
  const machine = useMachineFacts(services, settings?.engine, looks);
  const facts: GuideFacts | null =
    machine && settings ? { ...machine, settings, plan: model.plan.plan, planProblem: model.plan } : null;
  const done = async () => {
    const s = await services.settings.load();
    await services.settings.save({ ...s, guideDone: true });
    onDone();
  };
  const providers = settings?.searchProviders.filter((p) => p.enabled) ?? [];
  return (
    <section class="guide" data-testid="first-run-guide" aria-labelledby="guide-title">
      {/* "Got it" beside the title, not in a row of its own under the steps: the guide leaves the
          question box and Research on the first screen at 400×900. */}
      <div class="guide-head">
        <h2 id="guide-title">{t('guideTitle')}</h2>
        <button type="button" data-testid="guide-done" onClick={() => void done()}>
          {t('guideDone')}
        </button>
      </div>
      <ol>
        <li data-testid="guide-model">
          <strong>{t('guideModelStep')}</strong>
          {facts ? (
            <GuideModel
              facts={facts}
              services={services}
              onChanged={onSettingsChanged}
              onLookAgain={() => setLooks((n) => n + 1)}
            />
          ) : (
            <p>{t('loading')}</p>
          )}
        </li>
        <li data-testid="guide-search">
          <strong>{t('guideSearchStep')}</strong>
          {facts ? (
            <GuideSearch
              services={services}
              provider={providers[0]?.id ?? null}
              labels={providers.map((p) => providerInfo(p.id).label)}
            />
          ) : null}
        </li>
        <GuideIncognito services={services} />
        <li>
          <strong>{t('guideAskStep')}</strong>
          <p>{t('guideAskText')}</p>
        </li>
      </ol>
    </section>
  );
}

type MachineFacts = Omit<GuideFacts, 'settings' | 'plan'>;

/**
 * What this machine offers: WebGPU, a local Ollama, the engine's catalog and the models it stores
 * (asked again when the engine changes, or `looks` does). Each question that fails leaves its fact unknown.
 */
function useMachineFacts(
  services: UiServices,
  engine: string | undefined,
  looks: number,
): MachineFacts | null {
  const { client } = services;
  const [facts, setFacts] = useState<MachineFacts | null>(null);
  useEffect(() => {
    if (!engine) return;
    let live = true;
    const soft = <T,>(p: Promise<T>): Promise<T | null> => p.catch(() => null);
    void Promise.all([
      soft(client.send('engine.probe', {})),
      soft(client.send('engine.findLocal', {})),
      engine === 'openai' ? null : soft(client.send('engine.catalog', {})),
      engine === 'web-llm' ? soft(client.send('engine.listCached', {})) : null,
    ]).then(([probe, ollama, catalog, cached]) => {
      if (!live) return;
      setFacts(machineFacts(probe, ollama?.ollama ?? null, catalog, cached ?? []));
    });
    return () => {
      live = false;
    };
  }, [client, engine, looks]);
  return facts;
}

function machineFacts(
  probe: WebGpuProbeResult | null,
  ollama: OllamaFound | null,
  catalog: EngineCatalog | null,
  cached: readonly { modelId: string }[],
): MachineFacts {
  return { probe, ollama, catalog, cached: cached.map((c) => c.modelId) };
}
