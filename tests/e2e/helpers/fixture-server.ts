import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { repoRoot, sharedPagesDir } from './paths';

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface FixtureServer {
  url: string;
  origin: string;
  /** Real-world pages from ../shared/fixtures/pages, by folder name (empty when absent). */
  sharedPages: string[];
  /** Requests seen, for assertions. */
  hits: string[];
  route(r: Route): void;
  close(): Promise<void>;
}

const localPagesDir = path.join(repoRoot, 'tests/fixtures/pages');

function listPages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((d) => existsSync(path.join(dir, d, 'source.html')));
}

/**
 * One HTTP server on 127.0.0.1 that serves `/pages/<name>/` from the shared real-world corpus (or
 * the project's own copies), plus whatever routes a test adds (search API, redirects, hanging pages).
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const routes: Route[] = [];
  const hits: string[] = [];
  const shared = listPages(sharedPagesDir);
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url.pathname + url.search);
    for (const r of routes) if (await r(req, res, url)) return;
    const m = /^\/pages\/([^/]+)\/?$/.exec(url.pathname);
    if (m?.[1]) {
      const name = decodeURIComponent(m[1]);
      for (const dir of [sharedPagesDir, localPagesDir]) {
        const file = path.join(dir, name, 'source.html');
        if (!name.includes('..') && existsSync(file)) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(readFileSync(file));
          return;
        }
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  // Node closes idle keep-alive sockets after 5 s; Chromium reusing one just as it closes has failed a
  // search request now and then. Idle sockets outlive any test instead.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    sharedPages: shared,
    hits,
    route: (r) => routes.push(r),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
