import type { EvalConfig } from '../cli-args';
import type { Profile } from '../profiles';

/**
 * What `config.json` prints of a run: every option as parsed (keys left out) and the agent settings
 * the profile resolved to, prompt texts abbreviated to their first line and length.
 */
export function optionsRecord(config: EvalConfig, profile: Profile): Record<string, unknown> {
  const strip = <T extends object>(o: T | null) => {
    if (!o) return o;
    const { apiKey: _key, ...rest } = o as T & { apiKey?: string };
    return rest;
  };
  const prompts = profile.settings.prompts;
  return {
    ...config,
    server: strip(config.server),
    judge: strip(config.judge),
    extractor: strip(config.extractor),
    settings: {
      ...profile.settings,
      ...(prompts
        ? {
            prompts: Object.fromEntries(
              Object.entries(prompts).map(([k, text]) => [
                k,
                `${String(text).split('\n')[0]?.slice(0, 80)}… (${String(text).length} chars)`,
              ]),
            ),
          }
        : {}),
    },
    summaryTemperature: profile.summaryTemperature,
  };
}
