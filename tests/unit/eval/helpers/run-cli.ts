import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEvalCli } from '../../../../scripts/eval/node/main';
import type { Summary } from '../../../../scripts/eval/summary';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The last line of stdout, parsed. */
  summary: Summary | null;
}

const made = new Set<string>();

/** A fresh results folder; `removeTempOuts` deletes the ones a test file made. */
export function tempOut(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sleuth-eval-${label}-`));
  made.add(dir);
  return dir;
}

export function removeTempOuts(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** Runs `npm run eval` in this process with the given arguments. */
export async function runCli(
  argv: string[],
  opts: { signal?: AbortSignal; env?: Record<string, string> } = {},
) {
  let stdout = '';
  let stderr = '';
  const code = await runEvalCli(argv, {
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    isTTY: false,
    env: opts.env ?? {},
    fetch: globalThis.fetch.bind(globalThis),
    signal: opts.signal ?? new AbortController().signal,
    now: Date.now,
  });
  const last = stdout.trim().split('\n').pop() ?? '';
  let summary: Summary | null = null;
  try {
    summary = JSON.parse(last) as Summary;
  } catch {
    summary = null;
  }
  return { code, stdout, stderr, summary } satisfies CliRun;
}
