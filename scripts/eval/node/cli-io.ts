import { readFileSync } from 'node:fs';

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

/** A text file an option names (a prompt template, prompt texts), or why it cannot be read. */
export function readTextFile(
  path: string,
  option: string,
): { ok: true; text: string } | { ok: false; error: string } {
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (err) {
    const why = (err as { code?: string }).code === 'ENOENT' ? 'no such file' : String(err);
    return { ok: false, error: `${option} ${path}: cannot read it (${why})` };
  }
}
