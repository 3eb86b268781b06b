import type { ModelRecordLike } from './catalog';
import type { AppConfigLike } from './types';

/** A user's own MLC build (e.g. DR-Venus-4B compiled with MLC): weights URL + model-lib wasm URL. */
export interface CustomMlcModel {
  id: string;
  /** Hugging Face repo URL or any URL whose `resolve/main/…` layout holds mlc-chat-config.json. */
  modelUrl: string;
  modelLibUrl: string;
  vramMB?: number;
  contextWindow?: number;
}

function customModelRecord(m: CustomMlcModel): ModelRecordLike {
  for (const [label, url] of [
    ['model URL', m.modelUrl],
    ['model library URL', m.modelLibUrl],
  ] as const) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`The ${label} "${url}" is not a valid URL.`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new Error(`The ${label} must be an http(s) URL.`);
    }
  }
  return {
    model: m.modelUrl.replace(/\/+$/, ''),
    model_id: m.id,
    model_lib: m.modelLibUrl,
    ...(m.vramMB === undefined ? {} : { vram_required_MB: m.vramMB }),
    ...(m.contextWindow === undefined ? {} : { overrides: { context_window_size: m.contextWindow } }),
  };
}

/** Prebuilt records plus custom ones; a custom id replaces a prebuilt record of the same id. */
export function appConfigWith(prebuilt: AppConfigLike, custom: readonly CustomMlcModel[]): AppConfigLike {
  const records = custom.map(customModelRecord);
  const ids = new Set(records.map((r) => r.model_id));
  return {
    ...prebuilt,
    model_list: [...prebuilt.model_list.filter((r) => !ids.has(r.model_id)), ...records],
  };
}
