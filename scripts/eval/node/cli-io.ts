/** What `npm run eval` needs from its process, passed in so tests run it in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Redraw one progress line in place (a terminal) instead of printing a line per question. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  signal: AbortSignal;
  now: () => number;
}
