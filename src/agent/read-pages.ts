import { parseSearchBody } from './digest';
import { parseVisitFrames } from './observation-format';
import type { AgentStep } from './types';

export interface ReadPage {
  url: string;
  title: string;
  /** Evidence and summary the agent saw for this page. */
  text: string;
}

/**
 * Pages the agent actually read, from its steps: only visit frames that succeeded (the step's
 * `sources`), so a URL that was merely searched or failed to load can never be cited.
 */
export function collectReadPages(steps: readonly AgentStep[]): ReadPage[] {
  const titles = new Map<string, string>();
  for (const s of steps) {
    if (s.action.kind !== 'search' || !s.observation) continue;
    for (const entry of parseSearchBody(s.observation) ?? []) {
      for (const hit of entry.hits)
        if (hit.url && hit.title && !titles.has(hit.url)) titles.set(hit.url, hit.title);
    }
  }
  const pages = new Map<string, ReadPage>();
  for (const s of steps) {
    if (s.action.kind !== 'visit' || !s.observation || s.duplicateOf !== null) continue;
    const ok = new Map(s.sources.map((src) => [src.url, src.title]));
    for (const frame of parseVisitFrames(s.observation)) {
      if (!ok.has(frame.url)) continue;
      const text = [frame.evidence, frame.summary].filter(Boolean).join('\n\n');
      const prior = pages.get(frame.url);
      if (prior) {
        prior.text += `\n\n${text}`;
        continue;
      }
      const title = ok.get(frame.url) || titles.get(frame.url) || frame.url;
      pages.set(frame.url, { url: frame.url, title, text });
    }
  }
  return [...pages.values()];
}
