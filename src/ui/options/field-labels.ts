import type { Settings } from '../../settings/schema';
import type { Translate } from '../shared/translate';

/**
 * The label a person sees for a stored setting, so a refused Save names the field on the page
 * ("Not saved: the value of “Wait for the server (seconds)” is out of range.") rather than the
 * stored key ("openaiFirstByteTimeoutMs").
 */
const LABELS: Partial<Record<keyof Settings, string>> = {
  contextWindow: 'optionsContextWindow',
  hubUrl: 'optionsHubUrl',
  ggufQuant: 'optionsGgufQuant',
  wllamaThreads: 'optionsWllamaThreads',
  ggufShardMb: 'optionsShardMb',
  openaiFirstByteTimeoutMs: 'optionsFirstByteTimeout',
  sampling: 'optionsSampling',
  stepLimit: 'optionsStepLimit',
  attempts: 'optionsAttempts',
  parallelAttempts: 'optionsParallelAttempts',
  maxTabs: 'optionsMaxTabs',
  pageTimeoutMs: 'optionsPageTimeout',
  extractorContextWindow: 'optionsExtractorWindow',
};

export function fieldLabel(key: string, t: Translate): string {
  const message = LABELS[key as keyof Settings];
  return message ? t(message) : key;
}
