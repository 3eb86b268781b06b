/**
 * Renderer processes a bench browser has started, read from /proc (Linux only; elsewhere null).
 * Chromium hands its renderers the profile directory and a `--renderer-client-id` that grows with
 * every process it starts, so the ids new since the last look say how many renderers a stretch of
 * work started.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function rendererIds(userDataDir: string): Set<string> | null {
  if (!existsSync('/proc/self/cmdline')) return null;
  const ids = new Set<string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue; // the process ended while being read
    }
    if (!cmd.includes('--type=renderer') || !cmd.includes(`--user-data-dir=${userDataDir}`)) continue;
    const id = /--renderer-client-id=(\d+)/.exec(cmd)?.[1];
    if (id) ids.add(id);
  }
  return ids;
}

/**
 * `look()` after each step records the renderers running then; `started()` is how many appeared
 * since the counter was made (null without /proc). A renderer that starts and ends between two
 * looks is missed, so look at least once per read.
 */
export function rendererCounter(userDataDir: string) {
  const seen = rendererIds(userDataDir);
  let fresh = 0;
  return {
    look(): void {
      for (const id of rendererIds(userDataDir) ?? []) {
        if (seen === null || seen.has(id)) continue;
        fresh++;
        seen.add(id);
      }
    },
    started: (): number | null => (seen === null ? null : fresh),
  };
}
