/**
 * declarativeNetRequest session rules scoped to one agent tab: strip cookies (signed-out browsing)
 * and block navigations to private or local addresses before any request leaves the browser. The
 * URL policy checks every redirect too; this rule is the layer that acts before the request is made.
 */
const PRIVATE_HOSTS = [
  '10\\.\\d+\\.\\d+\\.\\d+',
  '192\\.168\\.\\d+\\.\\d+',
  '172\\.(1[6-9]|2\\d|3[01])\\.\\d+\\.\\d+',
  '169\\.254\\.\\d+\\.\\d+',
  '0\\.\\d+\\.\\d+\\.\\d+',
  '100\\.(6[4-9]|[7-9]\\d|1[01]\\d|12[0-7])\\.\\d+\\.\\d+',
  '\\[[0-9a-fA-F:.]*\\]',
  '[^/:@]*\\.(local|internal|lan|home\\.arpa)',
];
const LOOPBACK_HOSTS = ['localhost', '[^/:@]*\\.localhost', '127\\.\\d+\\.\\d+\\.\\d+'];

export function privateAddressRegex(allowLoopback: boolean): string {
  const hosts = allowLoopback ? PRIVATE_HOSTS : [...LOOPBACK_HOSTS, ...PRIVATE_HOSTS];
  return `^[a-z]+://([^/@]*@)?(${hosts.join('|')})\\.?(:\\d+)?(/|\\?|#|$)`;
}

const ruleIds = (tabId: number) => [tabId * 4 + 1, tabId * 4 + 2];

export async function addTabGuards(
  tabId: number,
  opts: { signedOut: boolean; blockPrivate: boolean; allowLoopback: boolean },
): Promise<void> {
  const [cookieRule, blockRule] = ruleIds(tabId) as [number, number];
  const addRules: chrome.declarativeNetRequest.Rule[] = [];
  const all = Object.values(chrome.declarativeNetRequest.ResourceType);
  if (opts.signedOut) {
    addRules.push({
      id: cookieRule,
      priority: 1,
      action: {
        type: chrome.declarativeNetRequest.RuleActionType.MODIFY_HEADERS,
        requestHeaders: [
          { header: 'cookie', operation: chrome.declarativeNetRequest.HeaderOperation.REMOVE },
        ],
        responseHeaders: [
          { header: 'set-cookie', operation: chrome.declarativeNetRequest.HeaderOperation.REMOVE },
        ],
      },
      condition: { tabIds: [tabId], resourceTypes: all },
    });
  }
  if (opts.blockPrivate) {
    addRules.push({
      id: blockRule,
      priority: 2,
      action: { type: chrome.declarativeNetRequest.RuleActionType.BLOCK },
      condition: {
        tabIds: [tabId],
        regexFilter: privateAddressRegex(opts.allowLoopback),
        resourceTypes: all,
      },
    });
  }
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ruleIds(tabId), addRules });
}

export async function removeTabGuards(tabId: number): Promise<void> {
  await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: ruleIds(tabId) });
}
