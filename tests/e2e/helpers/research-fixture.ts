import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { type FixtureServer, startFixtureServer } from './fixture-server';
import { serveSearch } from './search-fixture';

/** One DR-Venus tool-call turn, as the model would write it. */
export const toolCallTurn = (name: 'search' | 'visit', args: unknown) =>
  `<think>\nI should ${name} next.\n</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

export const answerTurn = (text: string) =>
  `<think>\nThe page answers it.\n</think>\n<answer>\n${text}\n</answer>`;

/** A sentence that appears on the served page, so a citation can match it. */
export const PAGE_SENTENCE =
  'Blanket.js is an easy to install, easy to configure, and easy to use JavaScript code coverage library that works both in-browser and with nodejs.';

export interface ResearchFixture {
  pages: FixtureServer;
  model: ScriptedModelServer;
  /** The served real-world page the search results point at first. */
  pageUrl: string;
  /** Settings that route research to these servers. */
  settings: Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * Everything a research run needs on 127.0.0.1: real pages, a SearXNG-style search API whose first
 * hit is a page about JavaScript code coverage, and a scripted OpenAI-compatible model.
 */
export async function startResearchFixture(
  opts: { chunkSize?: number; chunkDelayMs?: number } = {},
): Promise<ResearchFixture> {
  const pages = await startFixtureServer();
  // Page 001 holds PAGE_SENTENCE; the project keeps its own copy for clones without ../shared.
  const pageUrl = `${pages.origin}/pages/001/`;
  serveSearch(pages, () => [
    { title: 'Frontend code coverage', url: pageUrl, content: 'Blanket.js and Mocha' },
    { title: 'Something else', url: `${pages.origin}/pages/elsewhere/`, content: 'not read' },
  ]);
  const model = await startScriptedModelServer(opts);
  return {
    pages,
    model,
    pageUrl,
    settings: {
      engine: 'openai',
      openaiBaseUrl: model.url,
      openaiModel: 'scripted',
      searchProviders: [{ id: 'searxng', enabled: true, baseUrl: pages.origin }],
      allowLoopback: true,
    },
    close: async () => {
      await model.close();
      await pages.close();
    },
  };
}
