import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTarget } from '../../../scripts/lib/build-target';
import {
  FIREFOX_BACKGROUND,
  firefoxManifest,
  GECKO_ID,
  type Manifest,
} from '../../../scripts/lib/firefox-manifest';

const chrome = JSON.parse(
  readFileSync(new URL('../../../manifest.json', import.meta.url), 'utf8'),
) as Manifest;

describe('the Firefox manifest, derived from the Chrome one', () => {
  const ff = firefoxManifest(chrome);

  it('has an event-page background and shows the side panel page as the sidebar', () => {
    expect(ff.background).toEqual({ scripts: [FIREFOX_BACKGROUND], type: 'module' });
    expect(ff.sidebar_action).toMatchObject({ default_panel: 'extension/sidepanel/index.html' });
    expect(ff.side_panel).toBeUndefined();
    // Firefox opens a new add-on's sidebar at install, except in the e2e build (it opens a tab).
    expect(ff.sidebar_action).not.toHaveProperty('open_at_install');
    expect(firefoxManifest(chrome, { openSidebarAtInstall: false }).sidebar_action).toMatchObject({
      open_at_install: false,
    });
  });

  it('keeps the CSP, options page and host permissions, and drops what Firefox does not have', () => {
    expect(ff.content_security_policy).toEqual(chrome.content_security_policy);
    expect(ff.options_ui).toEqual(chrome.options_ui);
    expect(ff.optional_host_permissions).toEqual(chrome.optional_host_permissions);
    expect(ff.permissions).not.toContain('offscreen');
    expect(ff.permissions).not.toContain('sidePanel');
    expect(ff.permissions).toContain('declarativeNetRequestWithHostAccess');
    for (const key of ['minimum_chrome_version', 'externally_connectable', 'cross_origin_embedder_policy']) {
      expect(ff).not.toHaveProperty(key);
    }
  });

  it('opens the sidebar with the panel shortcut and keeps the research-page command', () => {
    const commands = ff.commands as Record<string, { suggested_key: { default: string } }>;
    expect(commands._execute_sidebar_action?.suggested_key.default).toBe('Alt+Shift+S');
    expect(commands['research-page']?.suggested_key.default).toBe('Alt+Shift+R');
    expect(commands._execute_action).toBeUndefined();
  });

  it('names the add-on and its minimum Firefox', () => {
    const gecko = (ff.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
    expect(gecko.id).toBe(GECKO_ID);
    expect(gecko.strict_min_version).toMatch(/^\d+\.0$/);
    expect(gecko.data_collection_permissions).toEqual({ required: ['searchTerms'] });
  });

  it('does not change the Chrome manifest it was given', () => {
    expect(chrome.background).toEqual({ service_worker: 'extension/background/index.ts', type: 'module' });
  });
});

describe('build target', () => {
  it('builds Chrome into dist/ by default and Firefox into dist-firefox/', () => {
    expect(buildTarget({}).outDir).toBe('dist');
    expect(buildTarget({ SLEUTH_BROWSER: 'firefox' })).toMatchObject({
      browser: 'firefox',
      outDir: 'dist-firefox',
    });
    expect(() => buildTarget({ SLEUTH_BROWSER: 'safari' })).toThrow(/chrome or firefox/);
  });
});
