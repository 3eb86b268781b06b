/** One hyperlink found in the extracted content, with an absolute http(s) URL. */
export interface PageLink {
  url: string;
  text: string;
}

/** What the tab reader hands to the evidence step: article markdown plus page metadata. */
export interface ExtractedPage {
  title: string;
  byline: string | null;
  lang: string | null;
  publishedTime: string | null;
  siteName: string | null;
  excerpt: string | null;
  markdown: string;
  links: PageLink[];
  /** Readability's quick guess that this page is an article. */
  readerable: boolean;
  wordCount: number;
  /**
   * Set when the article could not be extracted (the extractor threw or ran out of time): the
   * markdown is then the page's visible text without its obvious boilerplate, and this says why.
   */
  problem?: string;
}

export interface ExtractOptions {
  /** Cap on markdown length in characters (default 200 000). */
  maxChars?: number;
  /** Cap on the number of links kept (default 300). */
  maxLinks?: number;
  /**
   * Consult computed styles when deciding what is hidden. Defaults to true where the document has a
   * window with getComputedStyle; stylesheet-hidden text is a real prompt-injection vector in tabs.
   */
  computedStyle?: boolean;
  /**
   * Time after which the article path gives up and the page is read as visible text (default
   * 10 s). Checked between steps: one slow step can overrun it.
   */
  timeBudgetMs?: number;
  /**
   * Skip the article extractor and read the page as visible text, with `problem` set. For a caller
   * retrying a page whose extraction did not finish in time.
   */
  pageTextOnly?: boolean;
}

export const DEFAULT_MAX_CHARS = 200_000;
export const DEFAULT_MAX_LINKS = 300;
