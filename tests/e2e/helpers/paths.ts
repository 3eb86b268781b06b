import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// SLEUTH_E2E_DIST points the tests at another build, e.g. the code before a fix, to see a test fail there.
export const distDir = process.env.SLEUTH_E2E_DIST ?? path.join(repoRoot, 'dist');
export const sharedFixtures = path.resolve(repoRoot, '../shared/fixtures');
export const sharedPagesDir = path.join(sharedFixtures, 'pages');
export const artifactsDir = path.join(repoRoot, 'test-results');

export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error(
    'No Chromium found: install Debian chromium (apt-get install -y chromium) or set CHROME_PATH.',
  );
}
