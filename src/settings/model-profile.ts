import { type ProfileId, profileForModelName } from '../profiles/profiles';
import type { Settings } from './schema';

/**
 * The model the settings name, or null where the engine's default is used: Auto and the GGUF
 * default aim for DR-Venus; web-llm's automatic pick is one of its catalog's Qwen3 models.
 */
function chosenModelName(s: Settings): string | null {
  if (s.engine === 'openai') return s.openaiModel;
  if (s.engine === 'auto') return null;
  if (s.engine === 'wllama') return s.wllamaModelUrl.trim() || null;
  return s.webllmModel.trim() || null;
}

/**
 * The profile the chosen model calls for, judged from the settings alone (the options page shows
 * it; the runner asks the engine chooser when it can). Whether this device fits Auto's DR-Venus
 * only the engine chooser knows (the runner asks it, and it says 'general' when Auto falls back).
 */
export function profileForSettings(s: Settings): ProfileId {
  const name = chosenModelName(s);
  if (name !== null) return profileForModelName(name);
  return s.engine === 'web-llm' ? 'general' : 'dr-venus';
}

/**
 * Whether the chosen model counts in Qwen3's tokens: DR-Venus (a Qwen3-4B) and models named Qwen3;
 * every default is one (web-llm's catalog, and so Auto's fallback, holds only Qwen3 models).
 */
export function usesQwen3Tokenizer(s: Settings): boolean {
  const name = chosenModelName(s);
  return name === null || /qwen3|dr[-_ ]?venus/i.test(name);
}
