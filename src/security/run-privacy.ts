/**
 * Whether a run holds private data. A run is private once its context holds text that may not be
 * public: the user's own tab unless a signed-out read of the same address gives the same text, pages
 * of sites read with the user's sign-ins, or the earlier answer of a private run a follow-up carries.
 * A public run has nothing to leak; a private one sends nothing the model chose without the user.
 */

export type RunPrivacy = 'public' | 'private';

/** Letters and digits of one block of text, lower-cased, single-spaced: markdown and case do not count. */
function plain(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\]\([^)]*\)/g, ']')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * True when every block (line) of the user's own text appears, as it is, in the signed-out read:
 * the tab showed nothing a signed-out visitor does not get. A block the signed-out read lacks (a
 * name, a balance, a message, a counter that moved) makes the page private: asking costs a click,
 * calling a private page public would cost the user's data.
 */
export function matchesSignedOut(own: string, signedOut: string | null): boolean {
  if (signedOut === null) return false;
  const haystack = ` ${plain(signedOut)} `;
  const blocks = own
    .split(/\n+/)
    .map(plain)
    .filter((b) => b.length > 0);
  if (blocks.length === 0) return false;
  return blocks.every((b) => haystack.includes(` ${b} `));
}

export interface OwnPage {
  url: string;
  markdown: string;
  selection?: string | undefined;
}

export interface PagePrivacyDeps {
  /** The site is on the user's "use my sign-ins" list: its pages are private by the user's choice. */
  signedInSite(url: string): boolean;
  /** The same address read signed out through the extension's fetch path; null when it cannot be. */
  readSignedOut(url: string, signal: AbortSignal): Promise<string | null>;
}

/** "Research this page": public only when a signed-out read of its address shows the same text. */
export async function ownPagePrivacy(
  page: OwnPage,
  deps: PagePrivacyDeps,
  signal: AbortSignal,
): Promise<RunPrivacy> {
  let url: URL;
  try {
    url = new URL(page.url);
  } catch {
    return 'private';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'private';
  if (deps.signedInSite(page.url)) return 'private';
  const signedOut = await deps.readSignedOut(page.url, signal).catch(() => null);
  if (signal.aborted) return 'private';
  const own = [page.selection ?? '', page.markdown].join('\n');
  return matchesSignedOut(own, signedOut) ? 'public' : 'private';
}

/**
 * The privacy a run starts with: a follow-up takes its earlier run's (a run saved before this was
 * recorded counts as private when it started from the user's page); a page run is judged above.
 */
export function inheritedPrivacy(earlier: {
  privacy?: RunPrivacy | undefined;
  origin: string;
  followUpOf?: string | undefined;
}): RunPrivacy {
  if (earlier.privacy) return earlier.privacy;
  return earlier.origin === 'ask' && earlier.followUpOf === undefined ? 'public' : 'private';
}
