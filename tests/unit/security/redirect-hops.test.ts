import { describe, expect, it } from 'vitest';
import { openRange, probeSize } from '../../../src/llm/download/range-fetch';
import { listRepo } from '../../../src/llm/hub/hub-client';
import { OpenAiEngine } from '../../../src/llm/openai/openai-engine';
import { fetchHops, hopPolicyFor, RedirectRefused } from '../../../src/security/redirect-hops';
import { createSearxngProvider } from '../../../src/tools/search/providers/searxng';
import { createSerperProvider } from '../../../src/tools/search/providers/serper';

/** A server script: each URL answers as given; the fetch records every request it was asked for. */
function scripted(routes: Record<string, () => Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    requests.push({ url, init });
    const route = routes[url];
    if (!route) throw new TypeError(`no route for ${url}`);
    return route();
  };
  return { fetch, requests };
}
const redirect =
  (to: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location: to } });
const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });
/** What an extension page gets for a manual redirect: no status, no Location. */
const opaque = () => () =>
  Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });

const refusalOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
};

describe('fetchHops: every redirect hop judged before it is sent', () => {
  const policy = hopPolicyFor('https://api.example.com/');

  it('asks with redirect: manual and refuses a hop to a private address without sending it', async () => {
    const s = scripted({ 'https://api.example.com/q': redirect('http://10.0.0.1/steal?q=secret') });
    const err = await refusalOf(fetchHops(s.fetch, 'https://api.example.com/q', {}, { policy }));
    expect(err).toBeInstanceOf(RedirectRefused);
    expect((err as RedirectRefused).refusal).toMatchObject({
      code: 'redirect-refused',
      to: 'http://10.0.0.1/steal?q=secret',
    });
    expect(s.requests.map((r) => [r.url, r.init.redirect])).toEqual([
      ['https://api.example.com/q', 'manual'],
    ]);
  });

  it('follows a public hop, dropping the API key on the way to another host', async () => {
    const s = scripted({
      'https://api.example.com/q': redirect('https://cdn.example.net/q', 307),
      'https://cdn.example.net/q': json({ ok: 1 }),
    });
    const init = { headers: { 'x-api-key': 'k', authorization: 'Bearer k', accept: 'application/json' } };
    const res = await fetchHops(s.fetch, 'https://api.example.com/q', init, { policy });
    expect(await res.json()).toEqual({ ok: 1 });
    const second = new Headers(s.requests[1]?.init.headers);
    expect([second.get('x-api-key'), second.get('authorization'), second.get('accept')]).toEqual([
      null,
      null,
      'application/json',
    ]);
  });

  it('stops after five hops', async () => {
    const routes: Record<string, () => Response> = {};
    for (let i = 0; i < 10; i++)
      routes[`https://api.example.com/${i}`] = redirect(`https://api.example.com/${i + 1}`);
    const s = scripted(routes);
    const err = await refusalOf(fetchHops(s.fetch, 'https://api.example.com/0', {}, { policy }));
    expect((err as RedirectRefused).refusal.code).toBe('too-many-redirects');
    expect(s.requests).toHaveLength(6);
  });

  it('a server on the user network may redirect within itself, not to another private address', async () => {
    const local = 'http://192.168.1.5:8080/v1/models';
    const s = scripted({
      [local]: redirect('/v1/models/'),
      'http://192.168.1.5:8080/v1/models/': redirect('http://192.168.1.1/admin'),
    });
    const err = await refusalOf(fetchHops(s.fetch, local, {}, { policy: hopPolicyFor(local) }));
    expect((err as RedirectRefused).refusal).toMatchObject({
      code: 'redirect-refused',
      to: 'http://192.168.1.1/admin',
    });
    expect(s.requests).toHaveLength(2);
  });

  it('an opaque redirect (what extension pages see) is refused, not followed blind', async () => {
    const s = scripted({ 'https://api.example.com/q': opaque() });
    const err = await refusalOf(fetchHops(s.fetch, 'https://api.example.com/q', {}, { policy }));
    expect((err as RedirectRefused).refusal.code).toBe('redirect-hidden');
    expect(s.requests).toHaveLength(1);
  });
});

describe('each caller goes through it', () => {
  it('a search provider answering 302 to 10.0.0.1 is not followed and says the provider redirected', async () => {
    const asked: string[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      asked.push(`${url} ${init.redirect}`);
      if (new URL(url).host !== 'searx.example.org') throw new TypeError('followed');
      return redirect('http://10.0.0.1/log?q=my+secret+question')();
    };
    const err = await refusalOf(
      createSearxngProvider({ baseUrl: 'https://searx.example.org' }, { fetch }).search(
        'my secret question',
        {
          locale: 'en-US',
        },
      ),
    );
    expect(err).toMatchObject({ kind: 'redirected' });
    expect(String((err as Error).message)).toMatch(/SearXNG redirected the search to 10\.0\.0\.1/);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^https:\/\/searx\.example\.org\/search\?.* manual$/);
  });

  it('a keyed provider whose answer is an opaque redirect gets the redirected code, once', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return opaque()();
    };
    const err = await refusalOf(createSerperProvider({ apiKey: 'k' }, { fetch }).search('q', {}));
    expect(err).toMatchObject({ kind: 'redirected' });
    expect(calls).toBe(1);
  });

  it('the model hub listing, a download and its size probe refuse a redirect to a private address', async () => {
    const s = scripted({
      'https://mirror.example.com/api/models/o/m?blobs=true': redirect('http://169.254.169.254/'),
      'https://mirror.example.com/o/m/resolve/main/f.gguf': redirect('http://127.0.0.2/f.gguf'),
    });
    const signal = new AbortController().signal;
    await expect(listRepo('https://mirror.example.com', 'o/m', { fetch: s.fetch })).rejects.toThrow(
      /redirected the listing of o\/m to 169\.254\.169\.254/,
    );
    const file = 'https://mirror.example.com/o/m/resolve/main/f.gguf';
    await expect(openRange(file, 0, 10, { fetch: s.fetch, signal, label: 'f.gguf' })).rejects.toThrow(
      /redirected the download of f\.gguf to 127\.0\.0\.2/,
    );
    await expect(probeSize(file, { fetch: s.fetch, signal })).rejects.toThrow(/redirected the model file/);
    expect(s.requests.every((r) => r.init.redirect === 'manual')).toBe(true);
    expect(s.requests).toHaveLength(3);
  });

  it("Hugging Face's hidden redirect to its CDN is followed; a mirror's is refused", async () => {
    const modes: string[] = [];
    const fetch = async (url: string, init: RequestInit = {}) => {
      modes.push(`${new URL(url).host} ${init.redirect}`);
      if (init.redirect === 'manual') return opaque()();
      const res = new Response('x', { status: 206, headers: { 'content-range': 'bytes 0-0/10' } });
      return Object.defineProperty(res, 'url', { value: 'https://cdn-lfs.hf.co/f' });
    };
    const signal = new AbortController().signal;
    expect(await probeSize('https://huggingface.co/o/m/resolve/main/f.gguf', { fetch, signal })).toBe(10);
    await expect(
      probeSize('https://mirror.example.com/o/m/resolve/main/f.gguf', { fetch, signal }),
    ).rejects.toThrow(/redirected/);
    expect(modes).toEqual(['huggingface.co manual', 'huggingface.co follow', 'mirror.example.com manual']);
  });

  it('a model server redirecting its chat request elsewhere fails with a message, key not sent on', async () => {
    const s = scripted({ 'http://192.168.1.5:8080/v1/chat/completions': redirect('http://10.0.0.1/x', 307) });
    const engine = new OpenAiEngine({
      baseUrl: 'http://192.168.1.5:8080/v1',
      apiKey: 'sk-secret',
      fetch: s.fetch as typeof fetch,
      probeWindow: false,
    });
    await engine.load('m');
    await expect(engine.chat([{ role: 'user', content: 'hi' }], { maxTokens: 4 })).rejects.toThrow(
      /redirected the request to 10\.0\.0\.1/,
    );
    expect(s.requests.map((r) => r.url)).toEqual(['http://192.168.1.5:8080/v1/chat/completions']);
  });
});
