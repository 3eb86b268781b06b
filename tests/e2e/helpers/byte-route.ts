import type { ServerResponse } from 'node:http';
import type { FixtureServer } from './fixture-server';

export interface ByteRouteOptions {
  /**
   * Answer HEAD with no size at all (chunked, no content-length), as a server that streams HEAD or
   * a signed CDN link meant for GET does; loaders that trust HEAD for the size then see none.
   */
  sizelessHead?: boolean;
  /** Stream bodies at about this rate instead of all at once, so a download's progress can be watched. */
  bytesPerSecond?: number;
}

const CHUNK = 16 * 1024;

/**
 * Serves `bytes` at `pathname` with content-length and single-range support (206 / 416), as a
 * CDN serving a GGUF would: model loaders may probe the size with HEAD or read with Range.
 * Returns the requests seen (method + range) for assertions.
 */
export function serveBytes(
  server: FixtureServer,
  pathname: string,
  bytes: Uint8Array,
  options: ByteRouteOptions = {},
) {
  const requests: { method: string; range: string | null }[] = [];
  server.route(async (req, res, url) => {
    if (url.pathname !== pathname) return false;
    const range = req.headers.range ?? null;
    requests.push({ method: req.method ?? 'GET', range });
    const base = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length, content-range, accept-ranges',
    };
    if (req.method === 'HEAD' && options.sizelessHead) {
      res.writeHead(200, { ...base, 'transfer-encoding': 'chunked' });
      res.end();
      return true;
    }
    const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
    if (range && !m) {
      res.writeHead(416, { ...base, 'content-range': `bytes */${bytes.length}` });
      res.end();
      return true;
    }
    let start = 0;
    let end = bytes.length - 1;
    if (m) {
      if (m[1]) start = Number(m[1]);
      if (m[2]) end = Math.min(Number(m[2]), bytes.length - 1);
      if (!m[1] && m[2]) {
        start = Math.max(0, bytes.length - Number(m[2]));
        end = bytes.length - 1;
      }
      if (start > end || start >= bytes.length) {
        res.writeHead(416, { ...base, 'content-range': `bytes */${bytes.length}` });
        res.end();
        return true;
      }
    }
    const body = bytes.subarray(start, end + 1);
    const headers = { ...base, 'content-length': String(body.length) };
    if (m) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}` });
    else res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else if (!options.bytesPerSecond) res.end(Buffer.from(body));
    else await trickle(res, body, options.bytesPerSecond);
    return true;
  });
  return { requests };
}

async function trickle(res: ServerResponse, body: Uint8Array, bytesPerSecond: number) {
  for (let at = 0; at < body.length && !res.destroyed; at += CHUNK) {
    await new Promise((ok) => res.write(body.subarray(at, Math.min(body.length, at + CHUNK)), ok));
    await new Promise((ok) => setTimeout(ok, (CHUNK / bytesPerSecond) * 1000));
  }
  res.end();
}
