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

/** Which server writes page summaries, or null for ranked passages (see Settings.summaryMode). */
export interface SummaryServer {
  baseUrl: string;
  model: string;
  /** Secret holding its API key. */
  keyName: 'extractorKey' | 'openaiKey';
  /** Its window when it does not report one. */
  contextWindow: number;
}

export function summaryServer(s: Settings): SummaryServer | null {
  const extractor: SummaryServer | null =
    s.extractorBaseUrl.trim() && s.extractorModel.trim()
      ? {
          baseUrl: s.extractorBaseUrl.trim(),
          model: s.extractorModel.trim(),
          keyName: 'extractorKey',
          contextWindow: s.extractorContextWindow,
        }
      : null;
  if (s.summaryMode === 'passages') return null;
  if (s.summaryMode === 'main-model') {
    // A model in the browser would evict its own conversation's cache (ARCHITECTURE §5).
    if (s.engine !== 'openai' || !s.openaiModel.trim()) return extractor;
    return {
      baseUrl: s.openaiBaseUrl.trim(),
      model: s.openaiModel.trim(),
      keyName: 'openaiKey',
      contextWindow: s.contextWindow,
    };
  }
  return extractor;
}
