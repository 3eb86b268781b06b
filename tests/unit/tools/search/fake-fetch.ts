/** Test doubles for the injected fetch, and fixture loading. */

import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import type { FetchFn, ParseHtml } from '../../../../src/tools/search/types';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type FakeFetch = FetchFn & { requests: RecordedRequest[] };

function fakeFetch(handler: (req: RecordedRequest) => Response | Promise<Response>): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fn = async (url: string, init: RequestInit) => {
    init.signal?.throwIfAborted();
    const req: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(req);
    return handler(req);
  };
  return Object.assign(fn, { requests });
}

/** Answers every request with the same response (a fresh copy each time). */
export function respondWith(body: string, status = 200, headers: Record<string, string> = {}): FakeFetch {
  return fakeFetch(() => new Response(body, { status, headers }));
}

/** A fetch that honours its signal while never answering. */
export function slowFetch(): FetchFn {
  return (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init.signal;
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
}

export function networkDown(): FetchFn {
  return async () => {
    throw new TypeError('Failed to fetch');
  };
}

export function fixture(name: string): string {
  return readFileSync(new URL(`../../../fixtures/search/${name}`, import.meta.url), 'utf8');
}

export const parseHtml: ParseHtml = (html) => new JSDOM(html).window.document;
