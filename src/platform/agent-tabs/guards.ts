/**
 * declarativeNetRequest session rules scoped to one agent tab: strip cookies (signed-out browsing)
 * and block navigations to private or local addresses before any request leaves the browser. The
 * URL policy checks every redirect too; this rule is the layer that acts before the request is made,
 * and the one that sees the page's own requests (images, scripts, frames) to such addresses.
 */
import { blockedAddressPatterns } from '../../security/blocked-address-patterns';
import { chrome } from '../browser-api';

// Chrome's enum objects (RuleActionType, HeaderOperation) are absent from Firefox's namespace, so rules
// name their values as strings.
const REMOVE = 'remove' as chrome.declarativeNetRequest.HeaderOperation;
// Appending adds a second policy header; a browser enforces every policy a document has, so the
// page's own policy keeps its force and ours can only take away.
const APPEND = 'append' as chrome.declarativeNetRequest.HeaderOperation;

// Rule ids must be 32-bit integers; tab ids can be large, so they are folded into a range that ends
// below the shared resource rules (86,999,999 × 24 + 23 < 2,100,000,000). Each tab has one id for
// the cookie rule, one for the document policy and the rest for blocking.
const SLOTS = 24;
export const BLOCK_RULE_SLOTS = SLOTS - 3;
const ruleIds = (tabId: number) => {
  const base = (tabId % 87_000_000) * SLOTS;
  return Array.from({ length: SLOTS - 1 }, (_, i) => base + 1 + i);
};

/**
 * Added to every document an agent tab loads (its page and frames), on top of the page's own policy.
 * Workers (`worker-src 'none'`): a SharedWorker's or service worker's requests carry no tab id, so
 * the tab's blocking rules would not see them. The sandbox without `allow-popups` keeps a page from
 * opening windows (a new tab has none of these rules), without `allow-modals` makes alert, confirm,
 * prompt and beforeunload return at once instead of stalling the read, and without `allow-forms`
 * and `allow-downloads` a page cannot post forms or start downloads. Scripts and the page's own
 * origin stay, so pages still build themselves and the extractor can run.
 */
export const AGENT_DOCUMENT_POLICY = "sandbox allow-scripts allow-same-origin; worker-src 'none'";

export async function addTabGuards(
  tabId: number,
  opts: { signedOut: boolean; blockPrivate: boolean; allowLoopback: boolean },
): Promise<void> {
  const [cookieRule, documentRule, ...blockRules] = ruleIds(tabId) as [number, number, ...number[]];
  const all = Object.values(chrome.declarativeNetRequest.ResourceType);
  const documents = ['main_frame', 'sub_frame'] as chrome.declarativeNetRequest.ResourceType[];
  const addRules: chrome.declarativeNetRequest.Rule[] = [
    {
      id: documentRule,
      priority: 1,
      action: {
        type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType,
        responseHeaders: [
          { header: 'content-security-policy', operation: APPEND, value: AGENT_DOCUMENT_POLICY },
        ],
      },
      condition: { tabIds: [tabId], resourceTypes: documents },
    },
  ];
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
