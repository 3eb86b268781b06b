import { useEffect, useState } from 'preact/hooks';
import type { OllamaFound } from '../../llm/host/local-servers';
import { localServerAdvice, type ServerAdvice } from '../../llm/host/speed-advice';
import { ownOriginPattern } from '../errors/engine-words';
import type { UiServices } from '../shared/services';
import { ALL_SITES } from './permission-gate';
import type { ModelSource } from './use-model-source';

/**
 * Switches to the Ollama found here. The one prompt of this path comes first thing in the click
 * (Chrome only prompts during a user gesture) and asks for what a run needs, all sites, 127.0.0.1
 * among them: asking for 127.0.0.1 here and for all sites at the first run prompted twice. The
 * developer loopback setting stands for that access, as at the permission gate. The settings change
 * whatever the answer: a refusal is met again, and explained, at the gate.
 */
export function switchToOllama(
  services: UiServices,
  found: { allowLoopback: boolean; baseUrl?: string | undefined },
  model: string,
  onChanged: () => void,
) {
  if (!found.allowLoopback) void services.permissions.request(ALL_SITES).catch(() => false);
  void (async () => {
    const s = await services.settings.load();
    await services.settings.save({
      ...s,
      engine: 'openai',
      openaiBaseUrl: found.baseUrl ?? s.openaiBaseUrl,
      openaiModel: model,
    });
    onChanged();
  })();
}

/** What `engine.findLocal` says of Ollama, asked while `enabled`, and again on `lookAgain`. */
export function useOllamaFound(
  services: UiServices,
  enabled: boolean,
): { ollama: OllamaFound | null; lookAgain: () => void } {
  const [ollama, setOllama] = useState<OllamaFound | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    services.client.send('engine.findLocal', {}).then(
      (r) => live && setOllama(r.ollama),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [services, enabled, asked]);
  return { ollama, lookAgain: () => setAsked((n) => n + 1) };
}

/**
 * The in-browser model measured slow on this machine (see speed-advice.ts): the figure, and the way
 * to a local server. A running Ollama is one click away (`useButton`; the guide has its own button
 * for it); with none found, how to start one and a button to look again.
 */
export function LocalServerOffer({
  advice,
  ollama,
  services,
  allowLoopback,
  onChanged,
  onLookAgain,
  useButton,
  testId,
}: {
  advice: ServerAdvice;
  ollama: OllamaFound | null;
  services: UiServices;
  allowLoopback: boolean;
  onChanged: () => void;
  onLookAgain: () => void;
  useButton: boolean;
  testId: string;
}) {
  const { t } = services;
  const model = ollama?.state === 'running' ? ollama.models[0] : undefined;
  const baseUrl = ollama?.state === 'running' ? ollama.baseUrl : undefined;
  return (
    <div class="server-offer" data-testid={testId} data-tps={String(advice.tokensPerSecond)}>
      <p class="small note">{t('slowHere', [String(advice.tokensPerSecond), String(advice.longRunHours)])}</p>
      {model ? (
        useButton ? (
          <div class="banner-actions">
            <button
              type="button"
              data-testid={`${testId}-use`}
              onClick={() => switchToOllama(services, { allowLoopback, baseUrl }, model, onChanged)}
            >
              {t('guideUseOllama', model)}
            </button>
          </div>
        ) : null
      ) : (
        <p class="small muted">
          {ollama?.state === 'running' ? t('slowHereNoModel') : t('slowHereStart', ownOriginPattern())}{' '}
          <button type="button" class="link" data-testid={`${testId}-look`} onClick={onLookAgain}>
            {t('slowHereLookAgain')}
          </button>
        </p>
      )}
    </div>
  );
}

/** The offer under the model picker, once the first-run guide (which makes it itself) is closed. */
export function PickerServerOffer({
  services,
  model,
  onChanged,
}: {
  services: UiServices;
  model: ModelSource;
  onChanged: () => void;
}) {
  const advice = localServerAdvice(model.plan.plan);
  const { ollama, lookAgain } = useOllamaFound(services, advice !== null);
  if (!advice || !model.settings) return null;
  return (
    <LocalServerOffer
      advice={advice}
      ollama={ollama}
      services={services}
      allowLoopback={model.settings.allowLoopback}
      onChanged={onChanged}
      onLookAgain={lookAgain}
      useButton={true}
      testId="picker-slow"
    />
  );
}
