/**
 * What agent tabs do not load: images, media, fonts, plugins and pings (a reader needs the text,
 * not how it looks) and third-party requests to well-known ad and tracker hosts. Two
 * declarativeNetRequest session rules cover every agent tab at once (their `tabIds` is the list of
 * agent tabs), so a page the user opened is never touched. These rules sit beside the per-tab guards
 * of agent-tab-guards.ts (signed-out cookies, private addresses) and never share ids with them.
 */
import { AD_TRACKER_HOSTS } from '../../tools/browse/tabs/ad-tracker-hosts';
import { chrome } from '../browser-api';

type Rule = chrome.declarativeNetRequest.Rule;
type ResourceType = chrome.declarativeNetRequest.ResourceType;

/**
 * Fixed ids above the per-tab guard range (which ends below 2,100,000,000), below 2³¹.
 * Anyone adding agent-tab rules: take ids outside both ranges.
 */
export const RESOURCE_RULE_IDS = { heavy: 2_140_000_001, trackers: 2_140_000_002 } as const;

// Chrome's enum objects are absent from Firefox's namespace, so rules name their values as strings.
const HEAVY: ResourceType[] = ['image', 'media', 'font', 'object', 'ping'].map((t) => t as ResourceType);
const NOT_DOCUMENTS: ResourceType[] = [
  'sub_frame',
  'stylesheet',
  'script',
  'image',
  'font',
  'object',
  'xmlhttprequest',
  'ping',
  'media',
  'websocket',
  'other',
].map((t) => t as ResourceType);
const BLOCK = { type: 'block' as chrome.declarativeNetRequest.RuleActionType };

/** The rules for these agent tabs; none when there are no agent tabs (an empty `tabIds` is invalid). */
export function resourceBlockRules(tabIds: readonly number[]): Rule[] {
  if (tabIds.length === 0) return [];
  const ids = [...tabIds];
  return [
    {
      id: RESOURCE_RULE_IDS.heavy,
      priority: 1,
      action: BLOCK,
      condition: { tabIds: ids, resourceTypes: HEAVY },
    },
    {
      id: RESOURCE_RULE_IDS.trackers,
      priority: 1,
      action: BLOCK,
      condition: {
        tabIds: ids,
        requestDomains: [...AD_TRACKER_HOSTS],
        domainType: 'thirdParty' as chrome.declarativeNetRequest.DomainType,
        resourceTypes: NOT_DOCUMENTS,
      },
    },
  ];
}

/** Points the resource rules at exactly these agent tabs (callers serialise their calls). */
export async function blockHeavyResources(tabIds: readonly number[]): Promise<void> {
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: Object.values(RESOURCE_RULE_IDS),
    addRules: resourceBlockRules(tabIds),
  });
}
