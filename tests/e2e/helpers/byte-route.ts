import type { FixtureServer } from './fixture-server';

/**
 * Serves `bytes` at `pathname` with content-length and single-range support (206 / 416), as a
 * CDN serving a GGUF would: model loaders may probe the size with HEAD or read with Range.
 * Returns the requests seen (method + range) for assertions.
 */
export function serveBytes(server: FixtureServer, pathname: string, bytes: Uint8Array) {
  const requests: { method: string; range: string | null }[] = [];
  server.route((req, res, url) => {
    if (url.pathname !== pathname) return false;
    const range = req.headers.range ?? null;
    requests.push({ method: req.method ?? 'GET', range });
    const base = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length, content-range, accept-ranges',
    };
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
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(body));
    return true;
  });
  return { requests };
}
