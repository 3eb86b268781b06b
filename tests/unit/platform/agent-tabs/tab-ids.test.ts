import { describe, expect, it } from 'vitest';
import { agentTabIds, type SessionArea } from '../../../../src/platform/agent-tabs/tab-ids';

/** storage.session as Chrome behaves: every get and set resolves in a later task, so calls interleave. */
function fakeSessionArea(): SessionArea & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = {};
  const later = () => new Promise<void>((r) => setTimeout(r, 0));
  return {
    data,
    async get(key) {
      await later();
      return key in data ? { [key]: structuredClone(data[key]) } : {};
    },
    async set(items) {
      await later();
      Object.assign(data, structuredClone(items));
    },
  };
}

describe('the agent tab id list', () => {
  it('keeps every id when tabs open and close at the same time', async () => {
    const ids = agentTabIds(fakeSessionArea());
    // Three pages read at once (the default), as the tab reader does.
    await Promise.all([ids.add(1), ids.add(2), ids.add(3), ids.add(4)]);
    expect((await ids.list()).sort()).toEqual([1, 2, 3, 4]);
    await Promise.all([ids.remove([2]), ids.add(5), ids.remove([4]), ids.add(6)]);
    expect((await ids.list()).sort()).toEqual([1, 3, 5, 6]);
  });

  it('forgets only the ids it is told to, while another tab opens', async () => {
    const ids = agentTabIds(fakeSessionArea());
    await ids.add(1);
    await ids.add(2);
    await Promise.all([ids.remove([1, 2]), ids.add(3)]);
    expect(await ids.list()).toEqual([3]);
  });
});
