import { JSDOM, VirtualConsole } from 'jsdom';
import { extract } from '../../../src/extract/extract';
import { checkUrl, type UrlPolicy } from '../../../src/security/url-policy';
import { pdfToText } from '../../../src/tools/browse/fetch/pdf-text';
import type { ReadTabResult } from '../../../src/tools/browse/tabs/tab-reader';
import { readFailure, readPage } from './read-result';

/**
 * The eval's page reader: where the extension opens a tab, Node fetches the page (checking every
 * redirect against the URL policy, as the tab reader does) and runs the extension's own extraction
 * under jsdom. Scripts on the page are not run, so pages that build their text in JavaScript read
 * poorer here than in a tab.
 */

export interface FetchReaderOptions {
  fetch: typeof fetch;
  policy: UrlPolicy;
  timeoutMs: number;
  /** Largest body read, in bytes (default 5 MB). */
  maxBytes?: number;
  maxRedirects?: number;
}

// Sites serve stripped pages or refuse scripts without a browser's user agent; the extension reads
// with the user's Chrome, so the eval presents itself as one.
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const fail = (url: string, reason: string) => readFailure(url, reason, 'fetch');

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const out = new Uint8Array(Math.min(size, maxBytes));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, out.length - at);
    out.set(part, at);
    at += part.length;
    if (at >= out.length) break;
  }
  return out;
}

function charsetOf(contentType: string, head: Uint8Array): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  if (declared) return declared;
  const sniff = new TextDecoder('latin1').decode(head.subarray(0, 2048));
  return /<meta[^>]+charset=["']?([\w-]+)/i.exec(sniff)?.[1] ?? 'utf-8';
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export function createFetchReader(o: FetchReaderOptions) {
  const maxBytes = o.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = o.maxRedirects ?? 5;

  return async (url: string, signal: AbortSignal): Promise<ReadTabResult> => {
    const gate = checkUrl(url, o.policy);
    if (!gate.ok) return fail(url, gate.reason);
    const target = gate.url.href;
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    let current = target;
    try {
      for (let hop = 0; ; hop++) {
        const res = await o.fetch(current, {
          redirect: 'manual',
          signal: both,
          headers: {
            'user-agent': USER_AGENT,
            accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          },
        });
        if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
          await res.body?.cancel().catch(() => undefined);
          if (hop >= maxRedirects)
            return fail(target, `The page redirected more than ${maxRedirects} times.`);
          const next = new URL(res.headers.get('location') ?? '', current).href;
          const check = checkUrl(next, o.policy);
          if (!check.ok)
            return fail(
              target,
              `The page redirected to ${next}, which Sleuth does not open. ${check.reason}`,
            );
          current = check.url.href;
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel().catch(() => undefined);
          return fail(target, `The page could not be loaded (HTTP ${res.status}).`);
        }
        const type = (res.headers.get('content-type') ?? '').toLowerCase();
        const bytes = await readCapped(res, maxBytes);
        if (type.includes('pdf')) {
          const pdf = await pdfToText(bytes.slice().buffer, { signal: both });
          return {
            ok: true,
            url: target,
            finalUrl: current,
            title: pdf.title || current,
            markdown: pdf.text,
            links: [],
            via: 'fetch',
          };
        }
        if (type && !/html|xml|text\/plain/.test(type))
          return fail(target, `The address is not a web page (${type.split(';')[0]}).`);
        const text = decode(bytes, charsetOf(type, bytes));
        if (type.includes('text/plain'))
          return {
            ok: true,
            url: target,
            finalUrl: current,
            title: current,
            markdown: text,
            links: [],
            via: 'fetch',
          };
        const dom = new JSDOM(text, { url: current, virtualConsole: new VirtualConsole() });
        try {
          return readPage(target, current, extract(dom.window.document, current), 'fetch');
        } finally {
          dom.window.close();
        }
      }
    } catch (err) {
      if (signal.aborted) throw err;
      if (timeout.aborted)
        return fail(
          target,
          `The page did not load within ${o.timeoutMs < 1000 ? `${o.timeoutMs} ms` : `${Math.round(o.timeoutMs / 1000)} s`}.`,
        );
      return fail(
        target,
        `The page could not be loaded (${err instanceof Error ? err.message : String(err)}).`,
      );
    }
  };
}
