/**
 * `npm run bench [-- NAME...]`: runs every scripts/bench/*.ts module that exports `run()` (or the
 * named ones; diagnostics marked `onlyWhenNamed` run only when named), one after another, and prints
 * one JSON object on stdout: the machine, then each module's figures, or `{error}` for a module that
 * failed. Progress goes to stderr.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromePath } from '../tests/e2e/helpers/paths';
import { distSnapshot } from './bench/lib/browser';
import { progress } from './bench/lib/stats';

interface BenchModule {
  run: () => Promise<object>;
  /** Set by benches that load the built extension from dist/. */
  needsDist?: boolean;
  /** Diagnostic benches (traces) run only when named: `npm run bench -- NAME`. */
  onlyWhenNamed?: boolean;
  /** A bench that needs longer than MODULE_TIMEOUT_MS says so. */
  timeoutMs?: number;
}

/** A hung bench must not hang the whole run; its browser dies with the process at the end. */
const MODULE_TIMEOUT_MS = 240_000;

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function isBench(m: unknown): m is BenchModule {
  return typeof m === 'object' && m !== null && typeof (m as { run?: unknown }).run === 'function';
}

function chromiumVersion(): string {
  try {
    const out = execFileSync(chromePath(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim();
  } catch (e) {
    return `unavailable: ${message(e)}`;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, bad) => {
    timer = setTimeout(() => bad(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const available = readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
  const wanted = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = wanted.filter((w) => !available.includes(w));
  if (unknown.length) {
    progress(`unknown bench ${unknown.join(', ')}; available: ${available.join(', ')}`);
    return 2;
  }
  const names = wanted.length ? available.filter((n) => wanted.includes(n)) : available;

  const out: Record<string, unknown> = {
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      chromium: chromiumVersion(),
    },
  };
  let failed = false;
  let built = false;
  for (const name of names) {
    const started = performance.now();
    try {
      const mod: unknown = await import(pathToFileURL(path.join(benchDir, `${name}.ts`)).href);
      if (!isBench(mod)) continue; // a helper module, not a bench
      if (mod.onlyWhenNamed && !wanted.includes(name)) continue;
      if (mod.needsDist && !built) {
        progress('building the e2e extension (npm run -s build:e2e)');
        const r = spawnSync('npm', ['run', '-s', 'build:e2e'], { stdio: ['ignore', 2, 2] });
        if (r.status !== 0) throw new Error(`build:e2e failed with status ${r.status}`);
        // Snapshot right away, before anything else on the machine can rebuild dist/.
        distSnapshot();
        built = true;
      }
      progress(`${name}: running`);
      out[name] = await withTimeout(mod.run(), mod.timeoutMs ?? MODULE_TIMEOUT_MS);
    } catch (e) {
      failed = true;
      out[name] = { error: message(e) };
    }
    progress(`${name}: ${Math.round((performance.now() - started) / 1000)} s`);
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return failed ? 1 : 0;
}

// Exit explicitly: a bench that timed out may still hold a browser or a server open.
main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    progress(`bench failed: ${message(e)}`);
    process.exit(1);
  },
);
