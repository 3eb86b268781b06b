import { type ProfileId, profileForModelName } from '../profiles/profiles';
import type { Settings } from './schema';

/**
 * The profile the chosen model calls for, judged from the settings alone (the options page shows
 * it; the runner asks the engine chooser when it can). The GGUF default is DR-Venus; web-llm's
 * automatic pick is a Qwen3 model. Auto aims for the DR-Venus GGUF; whether this device fits it
 * only the engine chooser knows (the runner asks it, and it says 'general' when Auto falls back).
 */
export function profileForSettings(s: Settings): ProfileId {
  if (s.engine === 'openai') return profileForModelName(s.openaiModel);
  if (s.engine === 'auto') return 'dr-venus';
  if (s.engine === 'wllama')
    return s.wllamaModelUrl.trim() ? profileForModelName(s.wllamaModelUrl) : 'dr-venus';
  return profileForModelName(s.webllmModel);
}

/**
 * Whether the chosen model counts in Qwen3's tokens, judged from the settings as above: DR-Venus
 * (a Qwen3-4B) and models named Qwen3. Auto and the GGUF default aim for DR-Venus; web-llm's
 * catalog, and so its automatic pick and Auto's fallback, holds only Qwen3 models.
 */
export function usesQwen3Tokenizer(s: Settings): boolean {
  const qwen3 = (name: string) => /qwen3|dr[-_ ]?venus/i.test(name);
  if (s.engine === 'openai') return qwen3(s.openaiModel);
  if (s.engine === 'auto') return true;
  if (s.engine === 'wllama') return s.wllamaModelUrl.trim() ? qwen3(s.wllamaModelUrl) : true;
  return s.webllmModel.trim() ? qwen3(s.webllmModel) : true;
}
