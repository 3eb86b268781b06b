import { stripInvisible } from '../../security/invisible-text';
import type { PagesRepo } from '../../store/pages-repo';

// One failed-visit shape for the agent and the tools: it lives beside VisitResult.
export { failedVisit as failed } from '../../agent/step-result';

export const looksLikePdf = (url: string) => /\.pdf($|[?#])/i.test(url);

// Models often drop the scheme ("example.com/page").
export const withScheme = (url: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;

/** Invisible characters in a page's title and text can smuggle instructions to the model. */
export const clean = <T extends { title: string; markdown: string }>(p: T): T => ({
  ...p,
  title: stripInvisible(p.title),
  markdown: stripInvisible(p.markdown),
});

/** The links of pages read before a resume, from the page cache, looked up once when first needed. */
export function onceLinksOf(
  pages: readonly string[],
  repo: Partial<Pick<PagesRepo, 'get'>> | undefined,
  add: (links: string[]) => void,
): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= Promise.all(
      pages.map(async (url) => {
        const page = await repo?.get?.(url).catch(() => undefined);
        const links = Array.isArray(page?.links) ? page.links : [];
        add(links.filter((l): l is string => typeof l === 'string'));
      }),
    ).then(() => undefined);
    return done;
  };
}
