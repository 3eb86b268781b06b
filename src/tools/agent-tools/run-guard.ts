import { PrivateText } from '../../security/private-text';
import { extractUrls } from '../../security/provenance';
import { checkQuery } from '../../security/query-gate';
import { SeenUrls } from '../../security/seen-urls';
import { createSendGate, NOT_ASKED, type SendVerdict } from '../../security/send-gate';
import { checkUrl } from '../../security/url-policy';
import type { PageText, ToolContext, ToolDeps } from './tool-types';
import { onceLinksOf, withScheme } from './visit-helpers';

/** Why a search or visit the gate did not pass was not sent. */
export const refusal = (v: SendVerdict, declined: string) => (v === 'declined' ? declined : NOT_ASKED);

/**
 * What one run may send: the URLs it has seen and where from, the private text that must not leave,
 * whether the run became private, and the user's approvals of what a private run sends.
 */
export function createRunGuard(deps: Pick<ToolDeps, 'pages' | 'policy' | 'unseenUrls'>, ctx: ToolContext) {
  const seen = new SeenUrls();
  // Only what the user typed is theirs: a follow-up's earlier answer is context the model read.
  const userQuestion = ctx.userQuestion ?? ctx.question;
  seen.addAll(extractUrls(userQuestion), 'user');
  if (userQuestion !== ctx.question) seen.addAll(extractUrls(ctx.question), 'page');
  seen.addAll(ctx.seedUrls, 'user');
  const secret = new PrivateText(userQuestion);
  let privacy = ctx.privacy ?? 'public';
  const gate = createSendGate({
    isPrivate: () => privacy === 'private',
    userQuestion,
    ...(ctx.ask ? { ask: ctx.ask } : {}),
    ...(ctx.allowRest ? { allowRest: true } : {}),
    ...(ctx.onAllowRest ? { onAllowRest: ctx.onAllowRest } : {}),
  });
  for (const text of ctx.privateText ?? []) secret.add(text);
  seen.addAll(ctx.earlier?.hits ?? [], 'search');
  seen.addAll(ctx.earlier?.pages ?? [], 'page');
  // The links of pages read before a resume come from the page cache, looked up once when needed.
  const restoreEarlierLinks = onceLinksOf(ctx.earlier?.pages ?? [], deps.pages, (links) =>
    seen.addAll(links, 'page'),
  );
  // Links shown on private pages may carry their identifiers; opening them sends nothing new.
  const privateLinks = new Set<string>();
  const sent: string[] = [];
  // A URL the model wrote itself: public runs may open it (they hold nothing to leak).
  const writtenMayOpen = () => deps.unseenUrls === 'public-runs' && privacy === 'public';

  return {
    seen,
    gate,
    userQuestion,
    /** The last line under the approval: secret-looking strings and copies of private text. */
    queryRefusal(query: string): string | undefined {
      const found = checkQuery(query);
      if (!found.ok) return found.reason;
      // Checked one after another: a secret split across the queries of one call is seen whole.
      const taint = secret.check(query, sent);
      if (!taint.ok) return taint.reason;
      sent.push(query);
      return undefined;
    },
    /** The address to open for what the model asked, after provenance, taint and URL policy. */
    async target(url: string): Promise<{ href: string } | { reason: string }> {
      // Only a URL seen as it is; what the model added to a seen one (a parameter, a fragment) is dropped.
      let known = seen.resolve(url);
      if (!known.ok && ctx.earlier?.pages.length) {
        await restoreEarlierLinks();
        known = seen.resolve(url);
      }
      if (!known.ok && !writtenMayOpen()) return { reason: known.reason };
      if (known.ok && !privateLinks.has(known.url) && known.source !== 'user') {
        const taint = secret.check(known.url);
        if (!taint.ok) return { reason: taint.reason };
      }
      const policy = checkUrl(known.ok ? known.url : withScheme(url), deps.policy);
      return policy.ok ? { href: policy.url.href } : { reason: policy.reason };
    },
    /** A page read signed in: the run becomes private, and the page's text and links are the user's. */
    readPrivate(page: Pick<PageText, 'markdown' | 'links'>) {
      if (privacy !== 'private') {
        privacy = 'private';
        ctx.onPrivate?.();
      }
      secret.add(page.markdown);
      for (const link of page.links) privateLinks.add(link);
    },
  };
}

export type RunGuard = ReturnType<typeof createRunGuard>;
