import type { SearchFailure } from '../../errors/run-error';
import type { Translate } from '../shared/translate';
import type { Worded } from './worded';

/**
 * A search failure in words: the reason, then the fix. A server on this computer or the local network
 * that does not answer is named as such; only a public host can point at the internet connection.
 */
export function searchWords(e: SearchFailure, t: Translate): Worded {
  switch (e.code) {
    case 'search-unreachable': {
      const { provider, host, reach, cause } = e.params;
      if (cause === 'cors') return pair(t, 'errSearchCors', [provider, host], 'errFixSearchCors');
      if (reach === 'loopback')
        return pair(t, 'errSearchLocalDown', [provider, host], 'errFixSearchLocalDown', [provider]);
      if (reach === 'lan')
        return pair(t, 'errSearchLanDown', [provider, host], 'errFixSearchLanDown', [provider]);
      if (cause === 'dns') return pair(t, 'errSearchDns', [provider, host], 'errFixSearchDns');
      if (cause === 'refused') return pair(t, 'errSearchRefused', [provider, host], 'errFixSearchPublic');
      return pair(t, 'errSearchPublicDown', [provider, host], 'errFixSearchPublic');
    }
    case 'search-timeout':
      if (!e.params.host) return pair(t, 'errSearchSlow', [e.params.provider], 'errFixSearchTimeout');
      return e.params.reach === 'public'
        ? pair(t, 'errSearchTimeout', [e.params.provider, e.params.host], 'errFixSearchTimeout')
        : pair(t, 'errSearchTimeout', [e.params.provider, e.params.host], 'errFixSearchLocalSlow');
    case 'search-key-rejected':
      return pair(t, 'errSearchKey', [e.params.provider, String(e.params.status)], 'errFixSearchKey');
    case 'search-blocked':
      return pair(t, 'errSearchBlocked', [e.params.provider, String(e.params.status)], 'errFixSearchOther');
    case 'search-rate-limited':
      return pair(t, 'errSearchRateLimited', [e.params.provider], 'errFixSearchWait');
    case 'search-quota-used':
      return pair(t, 'errSearchQuota', [e.params.provider, String(e.params.status)], 'errFixSearchOther');
    case 'search-server-error':
      return pair(t, 'errSearchServer', [e.params.provider, String(e.params.status)], 'errFixSearchWait');
    case 'search-rejected':
      return pair(
        t,
        'errSearchRejected',
        [e.params.provider, String(e.params.status)],
        'errFixSearchSettings',
      );
    case 'search-no-json':
      return pair(t, 'errSearchNoJson', [e.params.provider], 'errFixSearchNoJson');
    case 'search-no-instance':
      return pair(t, 'errSearchNoInstance', [e.params.provider], 'errFixSearchSettings');
    case 'search-engines-silent':
      return pair(t, 'errSearchEnginesSilent', [e.params.provider, e.params.engines], 'errFixSearchWait');
    case 'search-malformed':
      return pair(t, 'errSearchMalformed', [e.params.provider], 'errFixSearchOther');
    case 'search-needs-setting': {
      const what =
        e.params.setting === 'api-key'
          ? 'errSettingKey'
          : e.params.setting === 'url'
            ? 'errSettingUrl'
            : 'errSettingOther';
      return pair(t, 'errSearchNeeds', [e.params.provider, t(what)], 'errFixSearchSettings');
    }
    case 'search-bad-url':
      return pair(t, 'errSearchBadUrl', [e.params.provider], 'errFixSearchSettings');
    case 'search-paused':
      return pair(t, 'errSearchPaused', [e.params.provider, String(e.params.seconds)], 'errFixSearchWait');
    case 'search-unexpected':
      return pair(t, 'errSearchUnexpected', [e.params.provider], 'errFixSearchOther');
    case 'search-redirected': {
      const { provider, to, how } = e.params;
      if (how === 'refused')
        return pair(t, 'errSearchRedirectedTo', [provider, to], 'errFixSearchRedirected');
      return pair(
        t,
        how === 'too-many' ? 'errSearchRedirectLoop' : 'errSearchRedirected',
        [provider],
        'errFixSearchRedirected',
      );
    }
    case 'search-none-set-up':
      return pair(t, 'errSearchNone', [], 'errFixSearchSettings');
    case 'search-empty-query':
      return { reason: t('errSearchEmptyQuery') };
    case 'search-declined':
      return { reason: t('searchDeclined') };
    case 'search-not-asked':
      return { reason: t('searchNotAsked') };
  }
}

/** The reason and its fix, each from its own message key. */
export function pair(
  t: Translate,
  key: string,
  subs: string[],
  fixKey?: string,
  fixSubs: string[] = [],
): Worded {
  return fixKey ? { reason: t(key, subs), fix: t(fixKey, fixSubs) } : { reason: t(key, subs) };
}
