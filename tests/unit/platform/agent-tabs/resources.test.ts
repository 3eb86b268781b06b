import { describe, expect, it } from 'vitest';
import { RESOURCE_RULE_IDS, resourceBlockRules } from '../../../../src/platform/agent-tabs/resources';

describe('agent tab resource rules', () => {
  it('block images, media and fonts, and third-party trackers, in agent tabs only', () => {
    const [heavy, trackers] = resourceBlockRules([4, 9]);
    expect(heavy?.condition.tabIds).toEqual([4, 9]);
    expect(heavy?.condition.resourceTypes).toEqual(expect.arrayContaining(['image', 'media', 'font']));
    expect(trackers?.condition.tabIds).toEqual([4, 9]);
    expect(trackers?.condition.domainType).toBe('thirdParty');
    expect(trackers?.condition.requestDomains).toContain('doubleclick.net');
    // The page itself is never blocked, even on a tracker company's own site.
    expect(trackers?.condition.resourceTypes).not.toContain('main_frame');
  });

  it('has no rule when there is no agent tab (Chrome refuses an empty tab list)', () => {
    expect(resourceBlockRules([])).toEqual([]);
  });

  it('uses ids outside the per-tab guard range (tab ids fold to below 2,100,000,000)', () => {
    for (const id of Object.values(RESOURCE_RULE_IDS)) {
      expect(id).toBeGreaterThanOrEqual(2_100_000_000);
      expect(id).toBeLessThan(2 ** 31);
    }
  });
});
