import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { judgeFetchAddress, ServerAddressRefused } from '../../../../src/security/server-address';
import { createPdfReader } from '../../../../src/tools/agent-tools/pdf-reader';
import {
  type CheckedFetchReply,
  type CheckedFetchRequest,
  checkedFetch,
  toBase64,
} from '../../../../src/tools/browse/fetch/checked-fetch-reply';
import { createFetchReader } from '../../../../src/tools/browse/fetch/fetch-reader';

const signal = new AbortController().signal;
const parse = (html: string) => new JSDOM(html).window.document;
const article = `<html><head><title>Router guide</title></head><body><article><h1>Router guide</h1>
  <p>${'LANSECRET internal configuration of this device. '.repeat(30)}</p></article></body></html>`;
const okReply = (body: string, contentType = 'text/html; charset=utf-8'): CheckedFetchReply => ({
  verdict: 'ok',
  status: 200,
  contentType,
  contentLength: '',
  body: toBase64(new TextEncoder().encode(body)),
});

function worker(reply: CheckedFetchReply) {
  const asked: CheckedFetchRequest[] = [];
  const send = async (req: CheckedFetchRequest) => {
    asked.push(req);
    return reply;
  };
  return { send, asked };
}

const refused = (ip: string, allowLoopback = false) => {
  const v = judgeFetchAddress({ known: true, ip, proxied: false }, { allowLoopback });
  if (v.verdict === 'ok') throw new Error(`${ip} was not refused`);
  return { verdict: v.verdict, reason: v.reason } as CheckedFetchReply;
};

describe('pages read without a tab, fetched by the service worker that sees the server address', () => {
  it('reads a public server-rendered page, asking with the reader cap and the accept header', async () => {
    const w = worker(okReply(article));
    const read = createFetchReader({
      fetch: checkedFetch(w.send, { allowLoopback: false, maxBytes: 1000, timeoutMs: 5000 }),
      parse,
    });
    const page = await read('https://x.example/a', signal);
    expect(page?.markdown).toContain('LANSECRET internal configuration');
    expect(w.asked[0]).toMatchObject({ url: 'https://x.example/a', maxBytes: 1000, allowLoopback: false });
    expect(w.asked[0]?.accept).toContain('text/html');
  });

  it('fails the visit with the reason when a public name answered from a private address', async () => {
    const w = worker(refused('10.0.0.4'));
    const read = createFetchReader({
      fetch: checkedFetch(w.send, { allowLoopback: false, maxBytes: 1e6, timeoutMs: 5000 }),
      parse,
    });
    const err = await read('https://evil-rebind.example/', signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerAddressRefused);
    expect((err as Error).message).toContain('10.0.0.4');
  });

  it('leaves the page to a tab (null) when the address was not reported or nothing answered', async () => {
    for (const reply of [
      { verdict: 'unknown', reason: 'Sleuth could not confirm which server answered.' },
      { verdict: 'failed', reason: 'Failed to fetch' },
    ] as CheckedFetchReply[]) {
      const read = createFetchReader({
        fetch: checkedFetch(worker(reply).send, { allowLoopback: false, maxBytes: 1e6, timeoutMs: 5000 }),
        parse,
      });
      expect(await read('https://x.example/a', signal)).toBeNull();
    }
  });

  it('keeps the size cap: a body one byte over it is refused as too large', async () => {
    const w = worker(okReply('x'.repeat(101), 'text/plain'));
    const read = createFetchReader({
      fetch: checkedFetch(w.send, { allowLoopback: false, maxBytes: 100, timeoutMs: 5000 }),
      parse,
      maxBytes: 100,
    });
    expect(await read('https://x.example/big.txt', signal)).toBeNull();
  });

  it('refuses a PDF from a private address with the reason', async () => {
    const w = worker(refused('::1', true));
    const read = createPdfReader({
      fetch: checkedFetch(w.send, { allowLoopback: true, maxBytes: 1e6, timeoutMs: 5000 }),
    });
    await expect(read('https://docs.example/a.pdf', signal)).rejects.toBeInstanceOf(ServerAddressRefused);
  });

  it('stops waiting for the worker when the visit is cancelled', async () => {
    const ctl = new AbortController();
    const never = () => new Promise<CheckedFetchReply>(() => undefined);
    const read = createFetchReader({
      fetch: checkedFetch(never, { allowLoopback: false, maxBytes: 1e6, timeoutMs: 5000 }),
      parse,
    });
    const pending = read('https://x.example/slow', ctl.signal);
    ctl.abort(new DOMException('cancelled', 'AbortError'));
    await expect(pending).rejects.toThrow('cancelled');
  });
});

describe('judging a fetch by what the browser reported', () => {
  const strict = { allowLoopback: false };
  it('refuses private, loopback and metadata addresses and admits public ones', () => {
    for (const ip of ['10.0.0.4', '127.0.0.1', '169.254.169.254', '192.168.1.1', 'fd00::1', '::1'])
      expect(judgeFetchAddress({ known: true, ip, proxied: false }, strict).verdict, ip).toBe('refused');
    for (const ip of ['93.184.216.34', '2606:4700::1111', undefined])
      expect(judgeFetchAddress({ known: true, ip, proxied: false }, strict).verdict, String(ip)).toBe('ok');
  });

  it('admits only 127.0.0.1 with the developer setting', () => {
    const dev = { allowLoopback: true };
    expect(judgeFetchAddress({ known: true, ip: '127.0.0.1', proxied: false }, dev).verdict).toBe('ok');
    expect(judgeFetchAddress({ known: true, ip: '127.0.0.2', proxied: false }, dev).verdict).toBe('refused');
  });

  it('stands down behind a proxy and where the browser has no webRequest; unreported is unknown', () => {
    expect(judgeFetchAddress({ known: true, ip: '10.0.0.1', proxied: true }, strict).verdict).toBe('ok');
    expect(judgeFetchAddress({ known: false, reason: 'no-webrequest' }, strict).verdict).toBe('ok');
    expect(judgeFetchAddress({ known: false, reason: 'not-seen' }, strict).verdict).toBe('unknown');
  });
});
