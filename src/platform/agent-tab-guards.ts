/**
 * declarativeNetRequest session rules scoped to one agent tab: strip cookies (signed-out browsing)
 * and block navigations to private or local addresses before any request leaves the browser. The
 * URL policy checks every redirect too; this rule is the layer that acts before the request is made,
 * and the one that sees the page's own requests (images, scripts, frames) to such addresses.
 */
import { blockedAddressPatterns } from '../security/blocked-address-patterns';
import { chrome } from './browser-api';

// Chrome's enum objects (RuleActionType, HeaderOperation) are absent from Firefox's namespace, so rules
// name their values as strings.
const REMOVE = 'remove' as chrome.declarativeNetRequest.HeaderOperation;

// Rule ids must be 32-bit integers; tab ids can be large, so they are folded into that range
// (99,999,999 × 21 + 20 < 2³¹). Each tab has one id for the cookie rule and the rest for blocking.
const SLOTS = 21;
export const BLOCK_RULE_SLOTS = SLOTS - 2;
const ruleIds = (tabId: number) => {
  const base = (tabId % 100_000_000) * SLOTS;
  return Array.from({ length: SLOTS - 1 }, (_, i) => base + 1 + i);
};

export async function addTabGuards(
  tabId: number,
  opts: { signedOut: boolean; blockPrivate: boolean; allowLoopback: boolean },
): Promise<void> {
  const [cookieRule, ...blockRules] = ruleIds(tabId) as [number, ...number[]];
  const addRules: chrome.declarativeNetRequest.Rule[] = [];
  const all = Object.values(chrome.declarativeNetRequest.ResourceType);
  if (opts.signedOut) {
    addRules.push({
      id: cookieRule,
      priority: 1,
      action: {
        type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType,
        requestHeaders: [{ header: 'cookie', operation: REMOVE }],
        responseHeaders: [{ header: 'set-cookie', operation: REMOVE }],
      },
      condition: { tabIds: [tabId], resourceTypes: all },
    });
  }
  if (opts.blockPrivate) {
    blockedAddressPatterns({ allowLoopback: opts.allowLoopback }).forEach((regexFilter, i) => {
      addRules.push({
        id: blockRules[i] ?? 0,
        priority: 2,
        action: { type: 'block' as chrome.declarativeNetRequest.RuleActionType },
        condition: { tabIds: [tabId], regexFilter, resourceTypes: all },
      });
    });
  }
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ruleIds(tabId), addRules });
}

export async function removeTabGuards(tabId: number): Promise<void> {
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ruleIds(tabId) });
}
