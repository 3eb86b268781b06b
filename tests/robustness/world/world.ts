import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type ScriptedModelServer,
  type ScriptedServerOptions,
  startScriptedModelServer,
} from '../../../scripts/lib/scripted-model-server';
import { type DualServer, type Handler, type RequestCtx, startDualServer } from './dual-server';
import { RequestLog } from './request-log';
import { makeSelfSignedCert } from './tls';

/** Where a host name or address of the suite really goes. */
export type Destination = 'public' | 'private' | 'loopback';

export interface SearchHitSpec {
  title: string;
  url: string;
  content: string;
}

/**
 * The suite's whole network on one machine. Chromium's --host-resolver-rules send every name and
 * every non-loopback private address an attack uses to one of these servers, so each request is seen:
 * - public: 127.0.0.1, the stand-in internet; sites are told apart by the Host header.
 * - loopback: 127.0.0.2 (also 127.0.0.1 and ::1 on its own port), a service on the user's machine.
 * - private: 127.0.0.3, what 10.0.0.4, 169.254.169.254, fd00::1, intranet.local … stand for.
 * Private and loopback answer every path with a page holding a marker, so a read that reached them
 * shows up in what the model was sent.
 */
export interface World {
  log: RequestLog;
  model: ScriptedModelServer;
  publicPort: number;
  loopbackPort: number;
  privatePort: number;
  /** The SearXNG-style endpoint (on 127.0.0.1, like any search server the user configures). */
  searchBase: string;
  queries: string[];
  site(host: string, handler: Handler): void;
  /** Answers a query (exact text) with these hits; anything else gets `fallbackHits`. */
  searchResults(query: string, hits: SearchHitSpec[]): void;
  /** Answers a query (exact text) in a way of its own (errors, garbage, never). */
  searchBehaviour(query: string, answer: (res: ServerResponse) => void): void;
  fallbackHits: SearchHitSpec[];
  /** Rules for --host-resolver-rules: each host to its server. */
  resolverRules(extra: readonly { host: string; to: Destination }[]): string;
  close(): Promise<void>;
}

export const PRIVATE_MARKER = 'LANSECRET';

export const privatePage = (server: string, ctx: RequestCtx) =>
  `<!doctype html><html><head><title>Internal ${server} service</title></head><body><main><h1>Admin console</h1>` +
  `<p>${PRIVATE_MARKER}-${server}-${ctx.host}${ctx.url.pathname} Internal configuration for this device: ` +
  'administrator session active, firmware 2.4.1, backup keys stored locally.</p>' +
  // Long enough to be read by fetch (a server-rendered page of a few hundred characters), so a public
  // name resolving here tests that path's server-address check, not only the tab's.
  '<p>Device overview: the wireless network, the guest network and the port forwarding table are ' +
  'listed below with the accounts allowed to change them. Remote management is enabled for the ' +
  'support team, and the nightly configuration backup is written to the attached storage.</p>' +
  '</main></body></html>';

export async function startWorld(respond?: ScriptedServerOptions['respond']): Promise<World> {
  const log = new RequestLog();
  const tls = makeSelfSignedCert();
  const sites = new Map<string, Handler>();
  const searches = new Map<string, SearchHitSpec[]>();
  const behaviours = new Map<string, (res: ServerResponse) => void>();
  const queries: string[] = [];
  const world = { fallbackHits: [] as SearchHitSpec[] };

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Not found</title><p>Nothing here.</p>');
  };
  const answerSearch = (res: ServerResponse, url: URL) => {
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    const own = behaviours.get(q);
    if (own) return own(res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: q, results: searches.get(q) ?? world.fallbackHits }));
  };

  let publicPort = 0;
  const publicServer: DualServer = await startDualServer({
    name: 'public',
    addresses: ['127.0.0.1'],
    tls,
    log,
    handler: async (req: IncomingMessage, res: ServerResponse, ctx: RequestCtx) => {
      if (ctx.host === `127.0.0.1:${publicPort}` && ctx.url.pathname === '/search')
        return answerSearch(res, ctx.url);
      const bare = ctx.host.replace(/:\d+$/, '').replace(/\.$/, '');
      const handler = sites.get(bare) ?? sites.get(`*.${bare.split('.').slice(-2).join('.')}`);
      if (handler) return handler(req, res, ctx);
      notFound(res);
    },
  });
  publicPort = publicServer.port;

  const secretService =
    (name: string): Handler =>
    (_req, res, ctx) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(privatePage(name, ctx));
    };
  const loopback = await startDualServer({
    name: 'loopback',
    addresses: ['127.0.0.2', '127.0.0.1', '::1'],
    tls,
    log,
    handler: secretService('loopback'),
  });
  const priv = await startDualServer({
    name: 'private',
    addresses: ['127.0.0.3'],
    tls,
    log,
    handler: secretService('private'),
  });
  const model = await startScriptedModelServer({ ...(respond ? { respond } : {}), chunkSize: 64 });

  return {
    log,
    model,
    publicPort,
    loopbackPort: loopback.port,
    privatePort: priv.port,
    searchBase: `http://127.0.0.1:${publicPort}`,
    queries,
    site: (host, handler) => sites.set(host, handler),
    searchResults: (query, hits) => searches.set(query, hits),
    searchBehaviour: (query, answer) => behaviours.set(query, answer),
    get fallbackHits() {
      return world.fallbackHits;
    },
    set fallbackHits(hits) {
      world.fallbackHits = hits;
    },
    resolverRules(extra) {
      const target = (to: Destination) =>
        to === 'public'
          ? `127.0.0.1:${publicPort}`
          : to === 'loopback'
            ? `127.0.0.2:${loopback.port}`
            : `127.0.0.3:${priv.port}`;
      // First match wins: the attack's own hosts, then every name under the stand-in public TLDs.
      const rules = extra.map((e) => `MAP ${e.host} ${target(e.to)}`);
      for (const tld of ['example', 'test', 'com', 'org', 'net', 'io']) {
        rules.push(`MAP *.${tld} ${target('public')}`);
      }
      return rules.join(',');
    },
    async close() {
      await model.close();
      await Promise.all([publicServer.close(), loopback.close(), priv.close()]);
    },
  };
}
