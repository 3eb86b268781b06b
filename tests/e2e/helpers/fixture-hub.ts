import { createHash } from 'node:crypto';
import type { FixtureServer } from './fixture-server';

/**
 * A model hub on the fixture server that answers as Hugging Face does: the file list at
 * `/api/models/{repo}` (commit, sizes and SHA-256 with `?blobs=true`) and files at
 * `/{repo}/resolve/{commit}/{file}` with Range support. Files stream at a set rate, and the hub
 * can be stopped (every connection dropped) and started again, to interrupt downloads.
 */
export interface HubFile {
  name: string;
  bytes: Uint8Array;
}

export function serveHub(
  server: FixtureServer,
  repo: string,
  files: HubFile[],
  opts: { bytesPerSecond?: number; stopAt?: number } = {},
) {
  const commit = createHash('sha1').update(repo).digest('hex');
  const requests: { file: string; range: string | null; failed: boolean }[] = [];
  let stopped = false;
  /** Stop serving once this many file bytes have been sent in all (then every request fails). */
  let stopAt = opts.stopAt ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  const chunk = 64 * 1024;
  const delayMs = opts.bytesPerSecond ? (chunk / opts.bytesPerSecond) * 1000 : 0;
  server.route(async (req, res, url) => {
    if (url.pathname === `/api/models/${repo}`) {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(
        JSON.stringify({
          id: repo,
          sha: commit,
          siblings: [
            { rfilename: 'README.md', size: 10 },
            ...files.map((f) => ({
              rfilename: f.name,
              size: f.bytes.length,
              lfs: { sha256: createHash('sha256').update(f.bytes).digest('hex'), size: f.bytes.length },
            })),
          ],
        }),
      );
      return true;
    }
    const prefix = `/${repo}/resolve/${commit}/`;
    if (!url.pathname.startsWith(prefix)) return false;
    const name = decodeURIComponent(url.pathname.slice(prefix.length));
    const file = files.find((f) => f.name === name);
    const range = req.headers.range ?? null;
    const failed = stopped || sent >= stopAt;
    requests.push({ file: name, range, failed });
    if (failed) {
      req.socket.destroy();
      return true;
    }
    if (!file) {
      res.writeHead(404);
      res.end();
      return true;
    }
    const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    const start = m ? Number(m[1]) : 0;
    const end = m?.[2] ? Number(m[2]) + 1 : file.bytes.length;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(end - start),
      'accept-ranges': 'bytes',
      ...(m ? { 'content-range': `bytes ${start}-${end - 1}/${file.bytes.length}` } : {}),
    });
    for (let at = start; at < end; at += chunk) {
      if (stopped || sent >= stopAt) {
        // The server goes away mid-file: the client sees the connection drop.
        res.destroy();
        return true;
      }
      const piece = file.bytes.subarray(at, Math.min(end, at + chunk, at + Math.max(0, stopAt - sent)));
      sent += piece.length;
      // Each piece is handed to the socket before the next, so a stop drops nothing already sent.
      await new Promise((ok) => res.write(piece, ok));
      if (delayMs) await new Promise((ok) => setTimeout(ok, delayMs));
    }
    if (sent >= stopAt && sent - start < end - start) {
      res.destroy();
      return true;
    }
    res.end();
    return true;
  });
  return {
    commit,
    requests,
    /** Every connection fails from now on. */
    stop: () => {
      stopped = true;
    },
    start: () => {
      stopped = false;
      stopAt = Number.POSITIVE_INFINITY;
    },
    bytesSent: () => sent,
  };
}
