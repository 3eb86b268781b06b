import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { type RequestLog, readRequestBody } from './request-log';
import type { TlsMaterial } from './tls';

export type Handler = (req: IncomingMessage, res: ServerResponse, ctx: RequestCtx) => void | Promise<void>;

export interface RequestCtx {
  host: string;
  url: URL;
  tls: boolean;
  body: string;
}

export interface DualServer {
  port: number;
  close(): Promise<void>;
}

/**
 * One port that answers both http and https (the first byte of a TLS handshake is 0x16), bound to
 * each of `addresses`, logging every request before the handler sees it.
 */
export async function startDualServer(opts: {
  name: string;
  addresses: readonly string[];
  tls: TlsMaterial;
  log: RequestLog;
  handler: Handler;
}): Promise<DualServer> {
  const sockets = new Set<Socket>();
  const handle = (tls: boolean) => async (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').toLowerCase();
    const url = new URL(req.url ?? '/', `${tls ? 'https' : 'http'}://${host || 'unknown'}`);
    const body = await readRequestBody(req);
    opts.log.add({
      server: opts.name,
      host,
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      tls,
      referer: String(req.headers.referer ?? ''),
      cookie: String(req.headers.cookie ?? ''),
      body,
      at: Date.now(),
    });
    try {
      await opts.handler(req, res, { host, url, tls, body });
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  };
  const plain = createHttpServer(handle(false));
  const secure = createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, handle(true));
  // Idle keep-alive sockets outlive a suite (Node's 5 s default raced Chromium reusing them).
  plain.keepAliveTimeout = 120_000;
  secure.keepAliveTimeout = 120_000;
  const onSocket = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  };

  const listeners: Server[] = [];
  const listen = (address: string, port: number) =>
    new Promise<Server>((ok, bad) => {
      const s = createNetServer(onSocket);
      s.once('error', bad);
      s.listen(port, address, () => ok(s));
    });
  // The same port on every address, so one URL form can be written against any of them.
  for (let attempt = 0; ; attempt++) {
    const [first, ...rest] = opts.addresses;
    if (!first) throw new Error('startDualServer: no address');
    const s = await listen(first, 0);
    const port = (s.address() as AddressInfo).port;
    const more: Server[] = [];
    try {
      for (const address of rest) more.push(await listen(address, port));
      listeners.push(s, ...more);
      return {
        port,
        close: async () => {
          for (const socket of sockets) socket.destroy();
          await Promise.all(listeners.map((l) => new Promise<void>((ok) => l.close(() => ok()))));
        },
      };
    } catch (err) {
      await Promise.all([s, ...more].map((l) => new Promise<void>((ok) => l.close(() => ok()))));
      if (attempt >= 5) throw err;
    }
  }
}
