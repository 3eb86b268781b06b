/**
 * declarativeNetRequest session rules scoped to one agent tab: strip cookies (signed-out browsing)
 * and block navigations to private or local addresses before any request leaves the browser. The
 * URL policy checks every redirect too; this rule is the layer that acts before the request is made.
 */
import { chrome } from './browser-api';

// Chrome caps each compiled regexFilter at 2 KB, so every address family gets a small rule of its own.
const PRIVATE_PATTERNS = [
  '^[a-z]+://10\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://192\\.168\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://172\\.(1[6-9]|2[0-9]|3[01])\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://169\\.254\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://100\\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://0\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://\\[',
  '^[a-z]+://[a-z0-9.-]*\\.(local|internal|lan|home\\.arpa)\\.?(:[0-9]+)?([/?#]|$)',
];
const LOOPBACK_PATTERNS = [
  '^[a-z]+://([a-z0-9.-]*\\.)?localhost\\.?(:[0-9]+)?([/?#]|$)',
  '^[a-z]+://127\\.[0-9.]+(:[0-9]+)?([/?#]|$)',
];

export function privateAddressPatterns(allowLoopback: boolean): string[] {
  return allowLoopback ? PRIVATE_PATTERNS : [...LOOPBACK_PATTERNS, ...PRIVATE_PATTERNS];
}

// Chrome's enum objects (RuleActionType, HeaderOperation) are absent from Firefox's namespace, so rules
// name their values as strings.
const REMOVE = 'remove' as chrome.declarativeNetRequest.HeaderOperation;

// Rule ids must be 32-bit integers; tab ids can be large, so they are folded into that range.
const SLOTS = 16;
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
    privateAddressPatterns(opts.allowLoopback).forEach((regexFilter, i) => {
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
