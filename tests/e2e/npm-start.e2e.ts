import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { chromePath, distDir, repoRoot } from './helpers/paths';

/** Processes whose command line names the profile: Chromium's own children outlive `npm start`'s exit. */
function usingProfile(profile: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(profile)) pids.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return pids;
}

/** `npm start` on a machine without a display: it runs Chromium under xvfb-run with the built extension. */
describe('npm start', () => {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sleuth-start-'));
  let child: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    // The whole group: xvfb-run, Xvfb, node and Chromium; the profile goes once they have exited.
    const running = child;
    if (running?.pid && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      try {
        process.kill(-running.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
    // Chromium may still be writing its profile as it shuts down (CI saw ENOTEMPTY): wait for it,
    // then make sure nothing of it is left.
    await vi
      .waitFor(
        () => {
          if (usingProfile(profile).length > 0) throw new Error('Chromium still has the profile open');
        },
        { timeout: 10_000, interval: 200 },
      )
      .catch(() => undefined);
    for (const pid of usingProfile(profile)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('opens the side panel page alone in a 400×900 window (not an ERR_BLOCKED_BY_CLIENT tab) and hides the D-Bus noise', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, SLEUTH_PROFILE: profile, CHROME_PATH: chromePath() };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    delete env.SLEUTH_UNDER_XVFB;
    // --no-build: the e2e build in dist/ is what the other tests load; a production build would replace it.
    child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs'), '--no-build'], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await expect
      .poll(() => output, { timeout: 60_000, interval: 200 })
      .toMatch(/Opened Sleuth's side panel page|did not open|did not show|DevTools pipe/);
    expect(output).toContain("Opened Sleuth's side panel page: chrome-extension://");
    expect(output).toContain('/extension/sidepanel/index.html');
    // A window of the side panel's shape, and no stray about:blank tab beside it (it opened a
    // 1000 px tab next to one).
    const shown = /\(a (\d+)×(\d+) window; (\d+) tabs? open\)/.exec(output);
    expect(shown?.slice(1).map(Number)).toEqual([400, 900, 1]);
    expect(output).toContain(distDir);
    expect(output).not.toContain('ERR_BLOCKED_BY_CLIENT');
    expect(
      output.split('\n').filter((l) => /Failed to connect to the bus|dbus/i.test(l) && !/hidden/.test(l)),
    ).toEqual([]);
  });
});
