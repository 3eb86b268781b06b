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
