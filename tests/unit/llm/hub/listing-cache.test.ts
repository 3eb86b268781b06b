import { describe, expect, it } from 'vitest';
import { listRepo } from '../../../../src/llm/hub/hub-client';
import { createListingCache } from '../../../../src/llm/hub/listing-cache';

const REPO = 'owner/model-GGUF';
const body = JSON.stringify({ sha: 'abc123', siblings: [{ rfilename: 'm-Q4_K_M.gguf', size: 10 }] });

/** A hub that counts its file-list requests and can be taken offline. */
function hub() {
  const state = { asked: 0, online: true };
  const fetch = async () => {
    state.asked++;
    if (!state.online) throw new TypeError('Failed to fetch');
    return new Response(body);
  };
  return { state, fetch };
}

describe('hub listing cache', () => {
  it('asks the hub once for callers at the same time and soon after, again once the minute is up', async () => {
    const h = hub();
    let now = 0;
    const list = createListingCache({ now: () => now, ttlMs: 60_000, list: listRepo });
    const [a, b] = await Promise.all([
      list('https://hub.test', REPO, { fetch: h.fetch }),
      list('https://hub.test', REPO, { fetch: h.fetch }),
    ]);
    expect(a).toEqual(b);
    expect(a.files.map((f) => f.name)).toEqual(['m-Q4_K_M.gguf']);
    now = 59_000;
    await list('https://hub.test', REPO, { fetch: h.fetch });
    expect(h.state.asked).toBe(1);
    await list('https://mirror.test', REPO, { fetch: h.fetch });
    expect(h.state.asked).toBe(2);
    now = 61_000;
    await list('https://hub.test', REPO, { fetch: h.fetch });
    expect(h.state.asked).toBe(3);
  });

  it('keeps no failure: once the hub is back, the next choice lists the files', async () => {
    const h = hub();
    const list = createListingCache({ now: () => 0 });
    h.state.online = false;
    await expect(list('https://hub.test', REPO, { fetch: h.fetch })).rejects.toMatchObject({
      code: 'offline',
    });
    h.state.online = true;
    expect((await list('https://hub.test', REPO, { fetch: h.fetch })).revision).toBe('abc123');
    expect(h.state.asked).toBe(2);
  });

  it('a caller that stops waiting gets an abort; the shared request still serves the others', async () => {
    const h = hub();
    const list = createListingCache({ now: () => 0 });
    const stop = new AbortController();
    const first = list('https://hub.test', REPO, { fetch: h.fetch, signal: stop.signal });
    stop.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect((await list('https://hub.test', REPO, { fetch: h.fetch })).revision).toBe('abc123');
    expect(h.state.asked).toBe(1);
  });
});
