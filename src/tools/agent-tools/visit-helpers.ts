import type { VisitFailCode, VisitResult } from '../../agent/step-result';
import { stripInvisible } from '../../security/invisible-text';
import type { PagesRepo } from '../../store/pages-repo';

export const looksLikePdf = (url: string) => /\.pdf($|[?#])/i.test(url);

// Models often drop the scheme ("example.com/page").
export const withScheme = (url: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;

/** A visit that read nothing, with the reason the model is told. */
export const failed = (url: string, reason: string, code?: VisitFailCode): VisitResult => ({
  url,
  title: '',
  ok: false,
  evidence: '',
  summary: '',
  reason,
  ...(code ? { reasonCode: code } : {}),
});

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
