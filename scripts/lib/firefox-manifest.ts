/**
 * The Firefox manifest, derived from the Chrome one (manifest.json stays the single source): Firefox
 * has an event-page background (`background.scripts`) instead of a service worker, a sidebar
 * (`sidebar_action`) instead of the side panel, and no offscreen documents, so the background page
 * hosts every room (extension/firefox-background). Keys Firefox does not know are left out rather
 * than shipped as warnings.
 */

export const GECKO_ID = 'sleuth@research.extension';
/**
 * ESR 140: the first with Firefox's built-in data-collection consent (`data_collection_permissions`);
 * everything else used (MV3 module background, storage.session, DNR session rules with header edits,
 * scripting, optional host permissions) is older. Tested on 153 ESR.
 */
export const FIREFOX_MIN_VERSION = '140.0';

/** The background entry Firefox loads (crxjs bundles `background.scripts[0]`). */
export const FIREFOX_BACKGROUND = 'extension/firefox-background/index.ts';

type Json = Record<string, unknown>;
/** What every manifest has; the rest is passed through. */
export type Manifest = Json & { manifest_version: number; name: string; version: string };

const CHROME_ONLY_KEYS = [
  'minimum_chrome_version',
  'side_panel',
  'externally_connectable',
  // Firefox does not take these manifest keys, so its extension pages are not cross-origin isolated.
  'cross_origin_embedder_policy',
  'cross_origin_opener_policy',
];
const CHROME_ONLY_PERMISSIONS = new Set(['sidePanel', 'offscreen']);
/**
 * Agent tabs open in a container of their own (src/platform/agent-tabs/agent-container.ts):
 * `cookies` is what tabs.create needs to take a cookieStoreId, `browsingData` empties the
 * container when a run ends.
 */
const FIREFOX_ONLY_PERMISSIONS = ['contextualIdentities', 'cookies', 'browsingData'];

export function firefoxManifest(chrome: Manifest, o: { openSidebarAtInstall?: boolean } = {}): Manifest {
  const m: Manifest = { ...chrome };
  for (const key of CHROME_ONLY_KEYS) delete m[key];
  const action = (chrome.action ?? {}) as Json;
  const sidePanel = (chrome.side_panel ?? {}) as Json;
  m.background = { scripts: [FIREFOX_BACKGROUND], type: 'module' };
  m.sidebar_action = {
    default_panel: sidePanel.default_path,
    default_title: action.default_title,
    default_icon: action.default_icon,
    ...(o.openSidebarAtInstall === false ? { open_at_install: false } : {}),
  };
  m.permissions = [
    ...((chrome.permissions ?? []) as string[]).filter((p) => !CHROME_ONLY_PERMISSIONS.has(p)),
    ...FIREFOX_ONLY_PERMISSIONS,
  ];
  // The toolbar button and its shortcut toggle the sidebar (the background page answers the click).
  const commands = { ...((chrome.commands ?? {}) as Json) };
  if (commands._execute_action) {
    commands._execute_sidebar_action = commands._execute_action;
    delete commands._execute_action;
  }
  m.commands = commands;
  m.browser_specific_settings = {
    gecko: {
      id: GECKO_ID,
      strict_min_version: FIREFOX_MIN_VERSION,
      // Search queries go to the search provider the user chose; nothing goes to Sleuth's makers.
      data_collection_permissions: { required: ['searchTerms'] },
    },
  };
  return m;
}
