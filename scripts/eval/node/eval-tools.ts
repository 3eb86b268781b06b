import { JSDOM, VirtualConsole } from 'jsdom';
import type { AgentTools } from '../../../src/agent/deps';
import type { ChatEngine } from '../../../src/llm/engine';
import type { UrlPolicy } from '../../../src/security/url-policy';
import type { ProviderId } from '../../../src/settings/provider-ids';
import type { PagesRepo } from '../../../src/store/pages-repo';
import type { PageRecord } from '../../../src/store/records';
import { createAgentTools } from '../../../src/tools/agent-tools/create-agent-tools';
import { createModelEvidence } from '../../../src/tools/agent-tools/model-evidence';
import { createPdfReader } from '../../../src/tools/agent-tools/pdf-reader';
import { evidenceBudget } from '../../../src/tools/agent-tools/tool-settings';
import { buildEvidence } from '../../../src/tools/browse/evidence/page-evidence';
import type { ReadTabResult } from '../../../src/tools/browse/tabs/tab-reader';
import { createMemoryCache } from '../../../src/tools/search/cache';
import { providerInfo } from '../../../src/tools/search/catalog';
import { createSearchChain, type SearchChain } from '../../../src/tools/search/chain';
import { createProvider } from '../../../src/tools/search/create-provider';
import type { ProviderConfig } from '../../../src/tools/search/types';
import type { SearchSpec } from '../cli-args';
import { createFetchReader } from './fetch-reader';

/**
 * The agent's `search` and `visit` for an eval run, made from the extension's own parts: providers
 * and their failover chain, the URL policy and provenance gates, extraction, evidence ranking (or an
 * extractor model). Only the tab is replaced: by fetch + jsdom, or by headless Chromium (`--reader`).
 */

/** Environment variables holding each provider's key (and Google's engine id). */
export const KEY_ENV: Partial<Record<ProviderId, string>> = {
  brave: 'BRAVE_API_KEY',
  tavily: 'TAVILY_API_KEY',
  serper: 'SERPER_API_KEY',
  google: 'GOOGLE_API_KEY',
  jina: 'JINA_API_KEY',
};
export const GOOGLE_CX_ENV = 'GOOGLE_CSE_ID';

const parseHtml = (html: string) => new JSDOM(html, { virtualConsole: new VirtualConsole() }).window.document;

export function buildSearch(
  specs: readonly SearchSpec[],
  env: Record<string, string | undefined>,
  fetchImpl: typeof fetch,
): SearchChain | string {
  const providers = [];
  for (const spec of specs) {
    const info = providerInfo(spec.id);
    const keyVar = KEY_ENV[spec.id];
    const apiKey = keyVar ? env[keyVar]?.trim() : undefined;
    if (info.needsKey && !apiKey) return `--search ${spec.id} needs its API key in ${keyVar}`;
    const engineId = spec.id === 'google' ? env[GOOGLE_CX_ENV]?.trim() : undefined;
    if (info.needsEngineId && !engineId)
      return `--search google needs the search engine id (cx) in ${GOOGLE_CX_ENV}`;
    if (info.needsBaseUrl && !spec.baseUrl)
      return `--search ${spec.id} needs an address: --search ${spec.id}=URL`;
    const config: ProviderConfig = {
      ...(apiKey ? { apiKey } : {}),
      ...(spec.baseUrl ? { baseUrl: spec.baseUrl } : {}),
      ...(engineId ? { engineId } : {}),
    };
    providers.push(
      createProvider(spec.id, config, { fetch: (url, init) => fetchImpl(url, init), parseHtml }),
    );
  }
  // One chain for the whole run, like the extension's: shared backoff, results cached for a day.
  return createSearchChain(providers, {
    clock: { now: Date.now },
    cache: createMemoryCache(),
    timeoutMs: 15_000,
  });
}

/** Pages read during the run, kept in memory: later attempts read a page from here, as the extension's store. */
export function memoryPages(clock: () => number): Pick<PagesRepo, 'getFresh' | 'put'> {
  const pages = new Map<string, PageRecord>();
  return {
    async getFresh(url, maxAgeMs) {
      const p = pages.get(url);
      return p && clock() - p.fetchedAt < maxAgeMs ? p : undefined;
    },
    async put(page) {
      pages.set(page.url, page);
      return page;
    },
  };
}

export interface EvalToolsOptions {
  search: SearchChain;
  policy: UrlPolicy;
  fetch: typeof fetch;
  pageTimeoutMs: number;
  maxTabs: number;
  /** The evidence extractor model, when one is configured. */
  extractor?: ChatEngine;
  /** Its sampling temperature (the profile's). */
  summaryTemperature?: number;
  /** The extractor's prompt text (`{page}`, `{goal}`): `--extractor-prompt`, else the profile's. */
  extractorPrompt?: string;
  /** URLs the model wrote itself: refused (default) or opened, as the extension's public runs may. */
  unseenUrls?: 'refuse' | 'public-runs';
  /** Reads a page in place of the fetch reader (`--reader chromium`). */
  reader?: (url: string, signal: AbortSignal) => Promise<ReadTabResult>;
}

/** Tools for one attempt at a question (provenance starts empty for each attempt, as in a new run). */
export function evalToolsFactory(o: EvalToolsOptions): (question: string, window: number) => AgentTools {
  const reader =
    o.reader ?? createFetchReader({ fetch: o.fetch, policy: o.policy, timeoutMs: o.pageTimeoutMs });
  // Attempts in parallel often open the same page at once: they share one read instead of each
  // extracting it (the page store only helps once a read has finished).
  const inFlight = new Map<string, Promise<ReadTabResult>>();
  const readTab = (url: string, signal: AbortSignal) => {
    const pending = inFlight.get(url);
    if (pending) return pending;
    const read = reader(url, signal).finally(() => inFlight.delete(url));
    inFlight.set(url, read);
    return read;
  };
  const readPdf = createPdfReader({ fetch: (url, init) => o.fetch(url, init) });
  const pages = memoryPages(Date.now);
  return (question, window) => {
    const rank = (markdown: string, goal: string, q: string) =>
      buildEvidence({ markdown, goal, question: q }, { evidenceTokens: evidenceBudget(window) });
    return createAgentTools(
      {
        search: o.search,
        readTab: (url, signal) => readTab(url, signal),
        readPdf,
        rank,
        ...(o.extractor
          ? {
              writeEvidence: createModelEvidence({
                engine: o.extractor,
                rank,
                ...(o.summaryTemperature !== undefined ? { temperature: o.summaryTemperature } : {}),
                ...(o.extractorPrompt ? { prompt: o.extractorPrompt } : {}),
              }),
            }
          : {}),
        pages,
        policy: o.policy,
        maxTabs: o.maxTabs,
        pageMaxAgeMs: 6 * 60 * 60 * 1000,
        clock: Date.now,
        ...(o.unseenUrls ? { unseenUrls: o.unseenUrls } : {}),
      },
      // An eval run holds no private text: it is a public run from start to end.
      { question, seedUrls: [], privacy: 'public' },
    );
  };
}
