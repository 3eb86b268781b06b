import { useEffect, useState } from 'preact/hooks';
import type { EngineCatalog } from '../../llm/host/engine-catalog';
import { formatBytes } from '../../llm/progress-stats';
import { ggufModelName } from '../../llm/wllama/gguf-catalog';
import type { Settings } from '../../settings/schema';
import { plannedModel } from '../guide/model-plan';
import type { UiServices } from '../shared/services';
import type { ModelSource } from './use-model-source';

interface Choice {
  value: string;
  label: string;
  /** The whole address or description, on hover, where the label is shorter. */
  title?: string;
}

/** The models this engine offers, each with its download size where there is one. */
export function modelChoices(
  s: Settings,
  catalog: EngineCatalog | null,
  serverModels: readonly string[],
  t: UiServices['t'],
  /** What the engine host plans to load when the engine is "auto" (it may be a GGUF, not web-llm's pick). */
  autoPlan?: string,
): { field: 'webllmModel' | 'wllamaModelUrl' | 'openaiModel'; value: string; choices: Choice[] } {
  if (s.engine === 'openai') {
    const value = s.openaiModel.trim();
    const names = [...new Set([...(value ? [value] : []), ...serverModels])];
    return { field: 'openaiModel', value, choices: names.map((n) => ({ value: n, label: n })) };
  }
  if (s.engine === 'wllama') {
    const gguf = catalog?.gguf ?? [];
    const value = s.wllamaModelUrl.trim() || (gguf[0]?.id ?? '');
    const choices: Choice[] = gguf.map((g) => ({
      value: g.id,
      label: t('pickerDownload', [g.label, formatBytes(g.approxBytes)]),
    }));
    // A GGUF set by address: its file name fits the picker, the address does not (it was cut to
    // "http://127.0.0.1:44959/models/tin…" while the model loaded).
    if (value && !choices.some((c) => c.value === value))
      choices.push({ value, label: ggufModelName(value) ?? value, title: value });
    return { field: 'wllamaModelUrl', value, choices };
  }
  const value = s.webllmModel.trim();
  // Under the "auto" engine the host may pick DR-Venus as a GGUF where web-llm cannot run; the
  // picker then said "Auto: Qwen3-…" beside a guide naming DR-Venus.
  // Before the host's plan arrives, Auto names nothing: the catalog's WebGPU pick said
  // "Auto: Qwen3-0.6B…" beside a guide saying the model was not known yet.
  const auto = s.engine === 'auto' ? autoPlan : catalog?.recommended;
  const choices: Choice[] = [
    // The short form fits the picker's line; the whole one is on hover.
    auto
      ? { value: '', label: t('pickerAuto', auto), title: t('modelAutoWith', auto) }
      : s.engine === 'auto'
        ? { value: '', label: t('pickerAutoUndecided') }
        : { value: '', label: t('modelAuto') },
    ...(catalog?.webllm ?? []).map((m) => ({
      value: m.id,
      label: t('pickerDownload', [m.id, formatBytes(m.approxDownloadBytes)]),
    })),
    ...s.customModels
      .filter((m) => m.id.trim())
      .map((m) => ({ value: m.id, label: t('modelCustomOption', m.id) })),
  ];
  if (value && !choices.some((c) => c.value === value)) choices.push({ value, label: value });
  return { field: 'webllmModel', value, choices };
}

/**
 * Picks the model from the panel, among those the chosen engine offers; other engines and their
 * details are in Options → Model. Saving resets the model status (a new model is not loaded yet).
 */
export function ModelPicker({
  services,
  model,
  onChanged,
}: {
  services: UiServices;
  model: ModelSource;
  onChanged: () => void;
}) {
  const { t, client } = services;
  const { settings } = model;
  const [catalog, setCatalog] = useState<EngineCatalog | null>(null);
  const [serverModels, setServerModels] = useState<string[]>([]);
  const engine = settings?.engine;
  useEffect(() => {
    if (!engine) return;
    if (engine === 'openai') {
      client.send('engine.models', {}).then(
        (r) => setServerModels(r.models),
        () => setServerModels([]),
      );
    } else client.send('engine.catalog', {}).then(setCatalog, () => undefined);
  }, [client, engine]);

  if (!settings) return null;
  const { field, value, choices } = modelChoices(
    settings,
    catalog,
    serverModels,
    t,
    plannedModel(model.plan.plan),
  );
  if (choices.length === 0) return null;
  // Saved settings reach this picker (and the guide and notice) through the model source.
  const pick = async (next: string) => {
    await services.settings.save({ ...(await services.settings.load()), [field]: next });
    onChanged();
  };
  const chosen = choices.find((c) => c.value === value);
  return (
    <label class="model-picker">
      <span class="muted">{t('pickerLabel')}</span>
      <select
        data-testid="model-picker"
        value={value}
        title={chosen?.title ?? chosen?.label}
        onChange={(e) => void pick(e.currentTarget.value)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value} title={c.title}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
