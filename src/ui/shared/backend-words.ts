import type { WllamaBackendCause } from '../../llm/wllama/backend';
import type { Translate } from './translate';

/** The backend line of a plan or status: worded from its cause, else the engine's own English reason. */
export function backendWords(
  s: { backendCause?: WllamaBackendCause; backendReason?: string },
  t: Translate,
): string {
  const c = s.backendCause;
  if (!c) return s.backendReason ?? '';
  switch (c.code) {
    case 'set-cpu':
      return t('backendWhySetCpu');
    case 'no-adapter':
      return t('backendWhyNoAdapter');
    case 'missing-features':
      return t('backendWhyMissingFeatures', c.params.features);
    case 'no-jspi':
      return t('backendWhyNoJspi');
    case 'firefox-webgpu':
      return t('backendWhyFirefoxWebgpu', c.params.adapter);
    case 'software-adapter':
      return t('backendWhySoftwareAdapter', c.params.adapter);
    case 'webgpu':
      return t('backendWhyWebgpu', c.params.adapter);
  }
}
