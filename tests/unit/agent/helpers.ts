import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTrajectory, type Trajectory } from '../../../scripts/lib/replay';
import type { AgentTools } from '../../../src/agent/deps';
import type { SearchResult, VisitResult } from '../../../src/agent/step-result';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sharedSftDir = fileURLToPath(new URL('../shared/fixtures/drvenus/sft/', `file://${root}`));
const localFixture = `${root}tests/fixtures/drvenus/0000.json`;

export function loadTrajectory(file: string): Trajectory {
  const t = parseTrajectory(JSON.parse(readFileSync(file, 'utf8')));
  if (typeof t === 'string') throw new Error(`${file}: ${t}`);
  return t;
}

/** The project's own fixture always; the ten shared ones when ../shared is present. */
export function trajectoryFiles(): string[] {
  const files = [localFixture];
  if (existsSync(sharedSftDir)) {
    for (const f of readdirSync(sharedSftDir).sort()) if (f.endsWith('.json')) files.push(sharedSftDir + f);
  } else {
    console.warn(`shared fixtures not found at ${sharedSftDir}; using tests/fixtures/drvenus only`);
  }
  return files;
}

export const search = (q: string) =>
  `<think>\nlook up ${q}\n</think>\n<tool_call>\n{"name": "search", "arguments": {"query": ["${q}"]}}\n</tool_call>`;
export const visit = (url: string, goal = 'facts') =>
  `<think>\nread ${url}\n</think>\n<tool_call>\n{"name": "visit", "arguments": {"url": ["${url}"], "goal": "${goal}"}}\n</tool_call>`;
export const answer = (text: string) => `<think>\ndone\n</think>\n<answer>${text}</answer>`;

export interface FakeTools extends AgentTools {
  calls: string[];
}

/** Deterministic tools: every query finds two pages, every page reads fine with a fixed summary. */
export function fakeTools(pageText = (url: string) => `Facts from ${url}.`, padding = ''): FakeTools {
  const calls: string[] = [];
  return {
    calls,
    async search(queries): Promise<SearchResult[]> {
      calls.push(`search:${queries.join('|')}`);
      return queries.map((query) => ({
        query,
        hits: [1, 2].map((i) => ({
          title: `${query} result ${i}`,
          url: `https://example.org/${encodeURIComponent(query)}/${i}`,
          snippet: `Snippet ${i} about ${query}.${padding}`,
        })),
      }));
    },
    async visit(urls): Promise<VisitResult[]> {
      calls.push(`visit:${urls.join('|')}`);
      return urls.map((url) => ({
        url,
        title: `Title of ${url}`,
        ok: true,
        evidence: `${pageText(url)}${padding}`,
        summary: `Summary of ${url}.`,
      }));
    },
  };
}
