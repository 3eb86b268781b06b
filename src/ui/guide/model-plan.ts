import type { EngineCatalog } from '../../llm/host/engine-catalog';
import type { EnginePlan } from '../../llm/host/engine-status';
import { formatBytes } from '../../llm/progress-stats';
import type { Settings } from '../../settings/schema';
import type { Translate } from '../shared/translate';

/** The model the engine host's plan names, in words; none for a model server (its own name rules). */
export function plannedModel(plan: EnginePlan | null | undefined): string | undefined {
  if (!plan || plan.engine === 'openai') return undefined;
  return plan.label ?? plan.modelId ?? undefined;
}

/**
 * The model a first run will use, in words, with what it costs to get it. The engine host's plan
 * (what the settings would load, Auto resolved) comes first; the catalog is the fallback when the
 * host did not answer.
 */
export function modelPlan(
  s: Settings,
  catalog: EngineCatalog | null,
  cached: readonly string[],
  t: Translate,
  plan: EnginePlan | null = null,
): { name: string; cost: string } {
  const planned = plannedModel(plan);
  if (plan && planned) {
    return {
      name: planned,
      cost:
        plan.downloadBytes === 0
          ? t('guideAlreadyDownloaded')
          : plan.downloadBytes !== undefined
            ? t('guideDownloadCost', formatBytes(plan.downloadBytes))
            : t('guideDownloadUnknown'),
    };
  }
  // Auto's choice depends on this device and the model hub; only the host's plan knows it. Naming
  // the catalog's WebGPU default here contradicted the notice above ("Cannot tell which model…").
  if (s.engine === 'auto') return { name: t('guideAutoUndecided'), cost: t('guideDownloadUnknown') };
  if (s.engine === 'openai') {
    return {
      name: s.openaiModel.trim() || t('guideNoModelName'),
      cost: t('guideServerCost', s.openaiBaseUrl),
    };
  }
  if (s.engine === 'wllama') {
    const id = s.wllamaModelUrl.trim() || catalog?.gguf[0]?.id || '';
    const entry = catalog?.gguf.find((g) => g.id === id);
    return {
      name: entry?.label ?? id,
      cost: entry ? t('guideDownloadCost', formatBytes(entry.approxBytes)) : t('guideDownloadUnknown'),
    };
  }
  const id = s.webllmModel.trim() || catalog?.recommended || '';
  if (!id) return { name: t('guideNoWebGpuModel'), cost: '' };
  const entry = catalog?.webllm.find((m) => m.id === id);
  if (cached.includes(id)) return { name: id, cost: t('guideAlreadyDownloaded') };
  return {
    name: id,
    cost: entry ? t('guideDownloadCost', formatBytes(entry.approxDownloadBytes)) : t('guideDownloadUnknown'),
  };
}
