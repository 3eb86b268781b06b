import { pageKey } from '../security/normalize-url';
import { pageTexts } from './observation-format';
import { readStepResult } from './read-step-result';
import type { AgentStep } from './types';

export interface ReadPage {
  url: string;
  title: string;
  /** Evidence and summary the agent saw for this page. */
  text: string;
}

/**
 * Pages the agent actually read, from its steps' results: only pages a visit read successfully, so
 * a URL that was merely searched or failed to load can never be cited. Each page's text is the
 * evidence taken from that page alone, whatever that text says about other pages. Spellings of one
 * URL (tracking parameters, a trailing slash) are one page, listed under the first one read.
 */
export function collectReadPages(steps: readonly AgentStep[]): ReadPage[] {
  const titles = new Map<string, string>();
  for (const s of steps) {
    if (s.action.kind !== 'search') continue;
    const result = readStepResult(s);
    if (result?.tool !== 'search') continue;
    for (const entry of result.searches) {
      for (const hit of entry.hits)
        if (hit.url && hit.title && !titles.has(pageKey(hit.url))) titles.set(pageKey(hit.url), hit.title);
    }
  }
  const pages = new Map<string, ReadPage>();
  for (const s of steps) {
    if (s.action.kind !== 'visit' || s.duplicateOf !== null) continue;
    const result = readStepResult(s);
    if (result?.tool !== 'visit') continue;
    for (const page of result.pages) {
      if (!page.ok) continue;
      const url = page.url.trim();
      const key = pageKey(url);
      const { evidence, summary } = pageTexts(page);
      const text = [evidence.trim(), summary.trim()].filter(Boolean).join('\n\n');
      const prior = pages.get(key);
      if (prior) {
        prior.text += `\n\n${text}`;
        continue;
      }
      pages.set(key, { url, title: page.title || titles.get(key) || url, text });
    }
  }
  return [...pages.values()];
}
