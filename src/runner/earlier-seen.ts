import type { AgentStep } from '../agent/types';

/** What the earlier steps of a run saw: the URLs their searches found and the pages they read. */
export interface EarlierSeen {
  hits: string[];
  /** Pages read (the URLs asked for and where they ended up); their links are in the page cache. */
  pages: string[];
}

/**
 * A resumed run must be allowed to open what it could open before the crash: without this, every
 * visit after a Continue to a URL from an earlier search would be refused as never seen (measured by
 * the robustness suite's crash cases). Pages read from the user's own tab are left out: their
 * links are private and stay unopenable after a resume.
 */
export function earlierSeenOf(steps: readonly AgentStep[]): EarlierSeen {
  const hits: string[] = [];
  const pages: string[] = [];
  for (const step of steps) {
    const r = step.result;
    if (r?.tool === 'search') for (const s of r.searches) for (const h of s.hits) hits.push(h.url);
    if (r?.tool === 'visit') {
      for (const p of r.pages) {
        if (!p.ok || p.via === 'open-tab') continue;
        pages.push(p.url);
        if (p.finalUrl && p.finalUrl !== p.url) pages.push(p.finalUrl);
      }
    }
  }
  return { hits, pages };
}
