import { useEffect, useState } from 'preact/hooks';
import { providerInfo } from '../../tools/search/catalog';
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
  onDone,
  onSettingsChanged,
}: {
  services: UiServices;
  onDone: () => void;
  onSettingsChanged: () => void;
}) {
  const { t, client } = services;
  const [facts, setFacts] = useState<GuideFacts | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    const soft = <T,>(p: Promise<T>): Promise<T | null> => p.catch(() => null);
    void (async () => {
      const settings = await services.settings.load();
      const [probe, ollama, catalog, cached, plan] = await Promise.all([
        soft(client.send('engine.probe', {})),
        soft(client.send('engine.findLocal', {})),
        settings.engine === 'openai' ? null : soft(client.send('engine.catalog', {})),
        settings.engine === 'web-llm' ? soft(client.send('engine.listCached', {})) : null,
        soft(client.send('engine.plan', {})),
      ]);
      if (!live) return;
      setFacts({
        settings,
        probe,
        ollama: ollama?.ollama ?? null,
        catalog,
        cached: (cached ?? []).map((c) => c.modelId),
        plan,
      });
    })();
    return () => {
      live = false;
    };
  }, [services, client, version]);

  const changed = () => {
    setVersion((n) => n + 1);
    onSettingsChanged();
  };
  const done = async () => {
    const s = await services.settings.load();
    await services.settings.save({ ...s, guideDone: true });
    onDone();
  };
  const providers = facts?.settings.searchProviders.filter((p) => p.enabled) ?? [];
  return (
    <section class="guide" data-testid="first-run-guide" aria-labelledby="guide-title">
      <h2 id="guide-title">{t('guideTitle')}</h2>
      <ol>
        <li data-testid="guide-model">
          <strong>{t('guideModelStep')}</strong>
          {facts ? (
            <GuideModel facts={facts} services={services} onChanged={changed} />
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
      <div class="banner-actions">
        <button type="button" data-testid="guide-done" onClick={() => void done()}>
          {t('guideDone')}
        </button>
      </div>
    </section>
  );
}
