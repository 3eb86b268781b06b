/**
 * Which browser a build is for: Chrome (dist/) unless SLEUTH_BROWSER=firefox (dist-firefox/). Read by
 * both vite configs, so the page extractor lands beside the extension it belongs to.
 */
export interface BuildTarget {
  browser: 'chrome' | 'firefox';
  outDir: string;
  /** esbuild's syntax target: the oldest browser version the manifest accepts. */
  esTarget: string;
}

export function buildTarget(env: Record<string, string | undefined> = process.env): BuildTarget {
  const browser = env.SLEUTH_BROWSER?.trim().toLowerCase() || 'chrome';
  if (browser === 'firefox') return { browser, outDir: 'dist-firefox', esTarget: 'firefox140' };
  if (browser === 'chrome') return { browser, outDir: 'dist', esTarget: 'chrome120' };
  throw new Error(`SLEUTH_BROWSER must be chrome or firefox, not "${env.SLEUTH_BROWSER}".`);
}
