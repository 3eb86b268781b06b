/**
 * The two ways the tab-read benches read a page, both driven from the side panel page: an agent-tab
 * read through the service worker (`router.readTab`), and fetch + DOMParser + the built extractor.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { distSnapshot } from './browser';
import type { Timed } from './tab-read-before';

/** A read that misses a load event waits this long; failures are reported, not averaged in. */
export const TIMEOUT_MS = 8000;
export const POLICY = { allowHttp: false, allowLoopback: true, allow: [], deny: [] };
/** Cross-site reads use plain http on made-up hostnames that resolve to the fixture server. */
export const CROSS_SITE_POLICY = { ...POLICY, allowHttp: true };
/** Off-host subresources fail at once; *.test names reach the fixture server (see tab-read.ts). */
export const RESOLVER_RULES =
  '--host-resolver-rules=MAP *.test 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export function readTab(panel: Page, url: string, policy = POLICY): Promise<Timed> {
  return panel.evaluate(
    async ({ url, policy, timeoutMs }) => {
      const t0 = performance.now();
      const r = await chrome.runtime.sendMessage({
        brand: 'sleuth/1',
        id: crypto.randomUUID(),
        type: 'router.readTab',
        payload: { url, timeoutMs, signedOut: true, policy },
      });
      const ms = performance.now() - t0;
      const v = r?.value as { ok?: boolean; markdown?: string; reason?: string } | undefined;
      return {
        ms,
        ok: Boolean(r?.ok && v?.ok),
        chars: v?.markdown?.length ?? 0,
        reason: v?.reason ?? r?.error?.message,
      };
    },
    { url, policy, timeoutMs: TIMEOUT_MS },
  );
}

/** The e2e build may only script 127.0.0.1; the snapshot may also script the cross-site names. */
export function allowCrossSiteHosts(): void {
  const file = path.join(distSnapshot(), 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { host_permissions?: string[] };
  const hosts = manifest.host_permissions ?? [];
  if (!hosts.includes('http://*.test/*')) manifest.host_permissions = [...hosts, 'http://*.test/*'];
  writeFileSync(file, JSON.stringify(manifest));
}

/** Installs `__benchExtract(doc, url)`: the built content script with `document`/`location` rebound. */
export async function installExtractor(panel: Page): Promise<void> {
  const bundle = readFileSync(path.join(distSnapshot(), 'content/extract-page.js'), 'utf8');
  // The bundle reads the free identifiers `document` and `location` when called; shadowing them with
  // mutable locals lets the very same code run on a DOMParser document. Runtime.evaluate is not
  // subject to the page's CSP, unlike an inline <script>.
  await panel.evaluate(`(() => {
    let document = globalThis.document;
    let location = { href: globalThis.location.href };
    ${bundle}
    const run = globalThis.__sleuthExtract;
    globalThis.__benchExtract = (doc, href) => { document = doc; location = { href }; return run({}); };
  })()`);
}

export function fetchAndParse(panel: Page, url: string): Promise<Timed> {
  return panel.evaluate(async (url) => {
    const t0 = performance.now();
    const html = await (await fetch(url, { cache: 'no-store' })).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const extract = (
      globalThis as unknown as { __benchExtract: (d: Document, u: string) => { markdown: string } }
    ).__benchExtract;
    const page = extract(doc, url);
    return { ms: performance.now() - t0, ok: true, chars: page.markdown.length };
  }, url);
}
