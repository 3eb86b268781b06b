import { defineConfig } from 'vitest/config';

// A browser test's poll waits for a state the browser has yet to reach. vitest's default (1 s) is
// too short on the 2-core CI machine under load, where one call into a page can take a second; a
// poll that names its own timeout keeps it.
const BROWSER_POLL = { timeout: 10_000 };

// Three projects: fast Node unit tests, e2e tests that drive real Chromium against dist/, and the
// Firefox tests that drive real Firefox ESR against dist-firefox/.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 20_000,
        },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the CI machine has 2 cores.
          fileParallelism: false,
          expect: { poll: BROWSER_POLL },
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['tests/firefox/**/*.firefox.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: BROWSER_POLL },
          globalSetup: ['tests/firefox/helpers/print-version.ts'],
        },
      },
    ],
  },
});
