import { matchesAnyHost } from '../../security/host-pattern';
import type { UrlPolicy } from '../../security/url-policy';
import type { Settings } from '../../settings/schema';

/** What the user's privacy settings mean for the URL policy. */
export function urlPolicyOf(s: Settings): UrlPolicy {
  return { allowHttp: s.allowHttp, allowLoopback: s.allowLoopback, allow: s.allowList, deny: s.denyList };
}

/** Agent tabs are signed out unless the user listed the site (same host patterns as allow/deny). */
export function readsSignedOut(s: Settings, url: string): boolean {
  try {
    return !matchesAnyHost(new URL(url).hostname, s.signInSites);
  } catch {
    return true;
  }
}

/** A page's evidence gets about a tenth of the window, so a few visits fit between folds. */
export function evidenceBudget(contextWindow: number): number {
  return Math.max(300, Math.min(2000, Math.floor(contextWindow / 10)));
}
