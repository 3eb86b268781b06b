import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Trajectory } from '../../../src/export/trajectory';
import { type RunRow, readRuns } from '../run-row';

/**
 * The output folder: `config.json` (what was run, so a resume cannot silently mix two setups),
 * `runs.jsonl` (one line per attempt, appended whole), `trajectories/`, `summary.json`, `report.md`
 * and `pass-at-k.svg`.
 */

export interface RunIdentity {
  data: string;
  dataFingerprint: string;
  server: string;
  model: string;
  profile: string;
  judge: string;
  replay: boolean;
  seed: number | null;
  /** The run's options and resolved agent settings, for the record (not compared on resume). */
  options?: Record<string, unknown>;
}

const COMPARED: Array<keyof RunIdentity> = ['dataFingerprint', 'model', 'profile', 'judge', 'replay', 'seed'];

export class RunDir {
  private constructor(readonly dir: string) {}

  /** Opens (or creates) the folder; refuses one that holds a run of a different setup. */
  static open(dir: string, identity: RunIdentity): RunDir | string {
    mkdirSync(join(dir, 'trajectories'), { recursive: true });
    const configFile = join(dir, 'config.json');
    if (existsSync(configFile)) {
      let old: Partial<RunIdentity>;
      try {
        old = JSON.parse(readFileSync(configFile, 'utf8')) as Partial<RunIdentity>;
      } catch {
        return `${configFile} is not readable JSON; use another --out folder`;
      }
      const differ = COMPARED.filter((k) => JSON.stringify(old[k] ?? null) !== JSON.stringify(identity[k]));
      if (differ.length) {
        const what = differ
          .map((k) => `${k} ${JSON.stringify(old[k])} → ${JSON.stringify(identity[k])}`)
          .join(', ');
        return `${dir} holds a run with a different setup (${what}); resume with the same options or choose another --out`;
      }
    } else writeFileSync(configFile, `${JSON.stringify(identity, null, 2)}\n`);
    return new RunDir(dir);
  }

  get runsFile(): string {
    return join(this.dir, 'runs.jsonl');
  }

  /** Rows of earlier runs; a torn last line (Ctrl-C mid-write) is cut off so appends stay valid. */
  previous(): { rows: RunRow[]; skipped: number[] } {
    if (!existsSync(this.runsFile)) return { rows: [], skipped: [] };
    const text = readFileSync(this.runsFile, 'utf8');
    const read = readRuns(text);
    if (read.validLength < text.length)
      truncateSync(this.runsFile, Buffer.byteLength(text.slice(0, read.validLength)));
    return { rows: read.rows, skipped: read.skipped };
  }

  append(row: RunRow): void {
    appendFileSync(this.runsFile, `${JSON.stringify(row)}\n`);
  }

  writeTrajectory(row: RunRow, trajectory: Trajectory): void {
    const folder = join(this.dir, 'trajectories', `w${row.window}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, `${safeName(row.id)}.a${row.attempt}.json`),
      `${JSON.stringify(trajectory, null, 2)}\n`,
    );
  }

  writeFile(name: string, text: string): void {
    writeFileSync(join(this.dir, name), text);
  }
}

/** A file name from a question id: unsafe characters replaced, long ids shortened with a hash. */
export function safeName(id: string): string {
  const clean = id.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_');
  if (clean === id && clean.length <= 80) return clean;
  let h = 0;
  for (const ch of id) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `${clean.slice(0, 60)}-${h.toString(16)}`;
}
