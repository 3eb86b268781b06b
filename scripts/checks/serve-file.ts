import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Serves one local file on 127.0.0.1 with Range support and CORS, as a model host would, so the
 * extension downloads it through its own resumable downloader.
 */
export async function serveFile(file: string): Promise<{ url: string; close(): Promise<void> }> {
  const size = statSync(file).size;
  const name = encodeURIComponent(path.basename(file));
  const server: Server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== `/${name}`) {
      res.writeHead(404);
      res.end();
      return;
    }
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m?.[2] ? Math.min(size - 1, Number(m[2])) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length, content-range',
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
