import type { EngineFailure } from '../../errors/run-error';
import type { Translate } from '../shared/translate';
import { pair } from './search-words';
import type { Worded } from './worded';

/** The allow-list entry for this browser's extensions, as OLLAMA_ORIGINS takes it. */
export function originPattern(origin: string): string {
  return origin.startsWith('moz-extension:') ? 'moz-extension://*' : 'chrome-extension://*';
}

/**
 * The same for the browser this view runs in: the panel and options pages are the extension's own
 * pages, so their scheme is the extension's (moz-extension: in Firefox).
 */
export function ownOriginPattern(): string {
  return originPattern(typeof location === 'undefined' ? '' : location.protocol);
}

/** A model that could not be loaded or asked, in words, with the exact fix where there is one. */
export function engineWords(e: EngineFailure, t: Translate): Worded {
  switch (e.code) {
    case 'model-server-unreachable': {
      const { url, reach, cause, origin } = e.params;
      const allow = originPattern(origin);
      if (cause === 'dns' && reach === 'public') return pair(t, 'errModelDns', [url], 'errFixModelDns');
      if (reach === 'public') return pair(t, 'errModelPublicDown', [url], 'errFixModelPublicDown', [allow]);
      return pair(
        t,
        reach === 'loopback' ? 'errModelLocalDown' : 'errModelLanDown',
        [url],
        'errFixModelLocalDown',
        [allow],
      );
    }
    case 'model-server-origin-refused': {
      const allow = originPattern(e.params.origin);
      return pair(t, 'errModelOrigin', [e.params.url], 'errFixModelOrigin', [allow, e.params.origin]);
    }
    case 'model-server-key-rejected':
      return pair(t, 'errModelKey', [String(e.params.status)], 'errFixModelKey');
    case 'model-not-on-server':
      return pair(t, 'errModelMissing', [e.params.url, e.params.model], 'errFixModelMissing');
    case 'model-server-no-api':
      return pair(t, 'errModelNoApi', [e.params.url], 'errFixModelNoApi');
    case 'model-server-timeout':
      return pair(t, 'errModelTimeout', [String(e.params.status)], 'errFixRetry');
    case 'model-server-silent':
      return pair(t, 'errModelSilent', [e.params.url, String(e.params.seconds)], 'errFixModelSilent');
    case 'model-server-failed':
      return pair(t, 'errModelServerFailed', [String(e.params.status)], 'errFixModelServerLog');
    case 'model-server-rejected':
      return pair(t, 'errModelRejected', [String(e.params.status)], 'errFixModelRejected');
    case 'model-load-failed':
      return loadWords(e.params, t);
    case 'model-reply-unreadable':
      return pair(t, 'errModelReplyUnreadable', [e.params.model], 'errFixModelReplyUnreadable');
    case 'engine-failed':
      return pair(t, 'errEngineFailed', [e.params.detail], 'errFixRetry');
  }
}

type LoadParams = Extract<EngineFailure, { code: 'model-load-failed' }>['params'];

const LOAD_KEYS: Record<LoadParams['cause'], [string, string]> = {
  'device-lost': ['errLoadDeviceLost', 'errFixLoadDeviceLost'],
  'no-webgpu': ['errLoadNoWebgpu', 'errFixLoadNoWebgpu'],
  'no-shader-f16': ['errLoadNoF16', 'errFixLoadNoF16'],
  'not-found': ['errLoadNotFound', 'errFixLoadUrl'],
  gated: ['errLoadGated', 'errFixLoadGated'],
  http: ['errLoadHttp', 'errFixLoadLater'],
  dns: ['errLoadDns', 'errFixLoadDns'],
  cors: ['errLoadCors', 'errFixLoadCors'],
  offline: ['errLoadOffline', 'errFixLoadOffline'],
  'bad-file': ['errLoadBadFile', 'errFixLoadBadFile'],
  'out-of-memory': ['errLoadMemory', 'errFixLoadMemory'],
  unknown: ['errLoadUnknown', 'errFixLoadUnknown'],
};

function loadWords(p: LoadParams, t: Translate): Worded {
  const [reason, fix] = LOAD_KEYS[p.cause];
  return pair(t, reason, [p.model, String(p.status ?? '')], fix);
}
