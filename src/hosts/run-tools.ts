// What a research run reads with, decided here for every context that hosts the runner: the search
// chain, the tab and fetch readers and when each may be used, page summaries, and "research this page"'s
// signed-out comparison. The browser's parts (fetch, the HTML parser, the PDF worker's URL) come in as
// parameters; the service worker is reached through the messaging client.

import type { FetchLike } from '../llm/hub/hub-client';
import { OpenAiEngine } from '../llm/openai/openai-engine';
import type { MessageClient } from '../messaging/client';
import { resendIfCutOff } from '../messaging/resend';
import { PROFILES } from '../profiles/profiles';
import { withTextOverrides } from '../profiles/prompt-texts';
import type { RunToolContext } from '../runner/run-once';
import { type OwnPage, ownPagePrivacy } from '../security/run-privacy';
import { checkUrl } from '../security/url-policy';
import type { Settings } from '../settings/schema';
import type { Store } from '../store';
import { createAgentTools } from '../tools/agent-tools/create-agent-tools';
import { createModelEvidence } from '../tools/agent-tools/model-evidence';
import { createPdfReader, PDF_MAX_BYTES } from '../tools/agent-tools/pdf-reader';
import { buildSearchChain, storeSearchCache } from '../tools/agent-tools/search-setup';
import {
  evidenceBudget,
  readsSignedOut,
  type SummaryServer,
  summaryServer,
  urlPolicyOf,
} from '../tools/agent-tools/tool-settings';
import { buildEvidence } from '../tools/browse/evidence/page-evidence';
import { checkedFetch } from '../tools/browse/fetch/checked-fetch-reply';
import { createFetchReader, STATIC_MAX_BYTES } from '../tools/browse/fetch/fetch-reader';

/** A page read for a run is read again after this long; earlier it comes from the store. */
export const PAGE_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface RunToolsDeps {
  fetch: FetchLike;
  parseHtml(html: string): Document;
  secret(key: string): Promise<string | undefined>;
  /** Reaches the router room (the service worker in Chrome), which reads tabs and fetches pages. */
  client: MessageClient;
  /** URL of pdf.js's worker script. */
  pdfWorkerSrc: string;
  clock(): number;
}

/** The server model that writes page summaries: the extractor, or the main model on a server. */
async function summaryEngine(server: SummaryServer, secret: RunToolsDeps['secret']) {
  const key = await secret(server.keyName);
  const engine = new OpenAiEngine({
    baseUrl: server.baseUrl,
    ...(key ? { apiKey: key } : {}),
    contextWindow: server.contextWindow,
  });
  await engine.load(server.model);
  return engine;
}

// Pages and PDFs read without a tab are fetched by the service worker, which sees the server's address.
const workerFetch = (client: MessageClient, s: Settings) => (maxBytes: number) =>
  checkedFetch((req) => client.send('router.fetch', req), {
    allowLoopback: s.allowLoopback,
    maxBytes,
    // Half the page timeout: a page that does not arrive by then gets the tab's full timeout.
    timeoutMs: Math.max(1000, Math.round(s.pageTimeoutMs / 2)),
  });

/** "Research this page": the same address read signed out, through the fetch path, and compared. */
export function createPagePrivacy(deps: Pick<RunToolsDeps, 'client' | 'parseHtml'>) {
  return (s: Settings, page: OwnPage, signal: AbortSignal) =>
    ownPagePrivacy(
      page,
      {
        signedInSite: (url) => !readsSignedOut(s, url),
        readSignedOut: async (url, signal2) => {
          const allowed = checkUrl(url, urlPolicyOf(s));
          if (!allowed.ok) return null;
          const read = createFetchReader({
            fetch: workerFetch(deps.client, s)(STATIC_MAX_BYTES),
            parse: deps.parseHtml,
          });
          return (await read(allowed.url.href, signal2))?.markdown ?? null;
        },
      },
      signal,
    );
}

/** The agent's tools for one run, from the settings it runs with. */
export function createRunTools(deps: RunToolsDeps, store: Store) {
  const { client, parseHtml } = deps;
  return async (s: Settings, ctx: RunToolContext) => {
    const search = await buildSearchChain(s, {
      fetch: deps.fetch,
      parseHtml,
      secret: deps.secret,
      cache: storeSearchCache(store.searchCache),
      clock: deps.clock,
    });
    const rank = (markdown: string, goal: string, question: string) =>
      buildEvidence({ markdown, goal, question }, { evidenceTokens: evidenceBudget(s.contextWindow) });
    const server = summaryServer(s);
    const extractor = server ? await summaryEngine(server, deps.secret) : null;
    const viaWorker = workerFetch(client, s);
    const readStatic = createFetchReader({ fetch: viaWorker(STATIC_MAX_BYTES), parse: parseHtml });
    return createAgentTools(
      {
        search,
        // The service worker reads tabs; if it is stopped mid-read, a fresh one reads the page again.
        readTab: (url, signal) =>
          resendIfCutOff(
            () =>
              client.send('router.readTab', {
                url,
                timeoutMs: s.pageTimeoutMs,
                signedOut: readsSignedOut(s, url),
                policy: urlPolicyOf(s),
              }),
            signal,
          ),
        readPdf: createPdfReader({ fetch: viaWorker(PDF_MAX_BYTES), workerSrc: deps.pdfWorkerSrc }),
        // Fetching sends no cookies: a site the user signs in to for Sleuth is read through a tab.
        readStatic: (url, signal) =>
          readsSignedOut(s, url) ? readStatic(url, signal) : Promise.resolve(null),
        rank,
        ...(extractor
          ? {
              writeEvidence: createModelEvidence({
                engine: extractor,
                rank,
                temperature: PROFILES[ctx.profile].summaryTemperature,
                // The profile's extractor text, or the one the user pasted in Options.
                prompt: withTextOverrides(PROFILES[ctx.profile].prompts, s.promptTexts[ctx.profile])
                  .extractor,
              }),
            }
          : {}),
        pages: store.pages,
        readsSignedIn: (url) => !readsSignedOut(s, url),
        policy: urlPolicyOf(s),
        // Public runs hold nothing to leak: they may open a URL the model wrote itself.
        unseenUrls: 'public-runs',
        maxTabs: s.maxTabs,
        pageMaxAgeMs: PAGE_MAX_AGE_MS,
        clock: deps.clock,
      },
      ctx,
    );
  };
}
