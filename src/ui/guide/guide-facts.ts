import type { EngineCatalog } from '../../llm/host/engine-catalog';
import type { EnginePlan } from '../../llm/host/engine-status';
import type { OllamaFound } from '../../llm/host/local-servers';
import type { WebGpuProbeResult } from '../../llm/webgpu-probe';
import type { Settings } from '../../settings/schema';
import type { PlanState } from '../ask/use-engine-plan';

/** What the first-run guide found out about this machine and these settings. */
export interface GuideFacts {
  settings: Settings;
  probe: WebGpuProbeResult | null;
  ollama: OllamaFound | null;
  catalog: EngineCatalog | null;
  cached: string[];
  /** What the engine host says these settings would load (null when it did not answer). */
  plan: EnginePlan | null;
  /** Why the engine host could not say, when it could not. */
  planProblem?: PlanState;
}
