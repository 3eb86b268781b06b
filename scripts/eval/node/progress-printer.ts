import { formatProgress, type ProgressTracker } from '../progress';
import type { RunRow } from '../run-row';
import type { CliIo } from './cli-io';

/**
 * Progress on stderr: on a terminal one line redrawn in place (at most five times a second);
 * otherwise a line when a question's last attempt is done and one per failure.
 */
export function progressPrinter(io: CliIo, tracker: ProgressTracker, attempts: number) {
  let last = 0;
  let drawn = false;
  return (row: RunRow | null) => {
    const now = io.now();
    const line = formatProgress(tracker.state, now);
    if (io.isTTY) {
      if (row && now - last < 200 && tracker.state.doneAttempts < tracker.state.totalAttempts) return;
      last = now;
      io.stderr(`\r\x1b[2K${line}${row ? '' : '\n'}`);
      drawn = true;
      return;
    }
    if (!row) {
      if (!drawn) io.stderr(`${line}\n`);
      return;
    }
    // Without a terminal: one line when a question's last attempt is done, and one per failure.
    if (row.attempt === attempts || row.error) {
      io.stderr(`${line}\n`);
      drawn = true;
    }
  };
}
