import { describe, expect, it } from 'vitest';
import { createApprovals } from '../../../src/runner/approvals';
import type { RunnerEvent } from '../../../src/runner/runner-events';
import type { SessionRecord } from '../../../src/store/records';

function setup() {
  const record: Partial<SessionRecord> = {};
  const events: RunnerEvent[] = [];
  let n = 0;
  const approvals = createApprovals({
    store: {
      sessions: {
        patch: async (_id: string, p: Partial<SessionRecord>) => {
          Object.assign(record, p);
          return record as SessionRecord;
        },
      } as never,
    },
    broadcast: (e) => events.push(e),
    newId: () => `req-${++n}`,
    clock: () => 5,
  });
  return { approvals, record, events };
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('a private run waiting for the user', () => {
  it('saves what it waits for on the session (a reopened panel reads it there) and clears it once answered', async () => {
    const { approvals, record, events } = setup();
    const answer = approvals.ask('s1', { kind: 'search', items: ['a query'] }, new AbortController().signal);
    await until(() => record.pendingApproval !== undefined);
    expect(record.pendingApproval).toEqual({ id: 'req-1', kind: 'search', items: ['a query'], at: 5 });
    expect(events).toContainEqual({ type: 'sessions-changed' });
    expect(approvals.answer('s2', 'req-1', 'send')).toBe(false);
    expect(approvals.answer('s1', 'req-9', 'send')).toBe(false);
    expect(approvals.answer('s1', 'req-1', 'allow-rest')).toBe(true);
    expect(await answer).toBe('allow-rest');
    await until(() => record.pendingApproval === undefined);
    expect(record.pendingApproval).toBeUndefined();
    expect(record.allowRest).toBe(true);
    // The rest of the run is not asked about.
    expect(
      await approvals.ask(
        's1',
        { kind: 'visit', items: ['https://x.example/'] },
        new AbortController().signal,
      ),
    ).toBe('allow-rest');
  });

  it('Stop ends the wait at once', async () => {
    const { approvals, record } = setup();
    const stop = new AbortController();
    const answer = approvals.ask('s1', { kind: 'search', items: ['q'] }, stop.signal);
    await until(() => record.pendingApproval !== undefined);
    const at = Date.now();
    stop.abort();
    await expect(answer).rejects.toBeTruthy();
    expect(Date.now() - at).toBeLessThan(1000);
    await until(() => record.pendingApproval === undefined);
    expect(record.pendingApproval).toBeUndefined();
  });
});
