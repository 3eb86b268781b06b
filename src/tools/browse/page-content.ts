/** A page the user pointed at (the tab they are on, or one a menu was opened in), as read from its tab. */
export interface PageContent {
  url: string;
  title: string;
  markdown: string;
  selection?: string;
}
