import type { IncomingMessage } from 'node:http';

/** One request some server of the suite's world received. */
export interface LoggedRequest {
  /** Which server: 'public' (the stand-in internet), 'loopback' (127.0.0.2), 'private' (10/8 and friends). */
  server: string;
  /** The Host header as the browser sent it (the name or address the page asked for). */
  host: string;
  method: string;
  /** Path and query. */
  path: string;
  tls: boolean;
  referer: string;
  cookie: string;
  body: string;
  at: number;
}

/** Every request the browser made to any server of the world, in arrival order. */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  private waiters: (() => void)[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    for (const w of this.waiters.splice(0)) w();
  }

  since(mark: number): LoggedRequest[] {
    return this.entries.slice(mark);
  }

  get mark(): number {
    return this.entries.length;
  }

  /** Resolves once no request has arrived for `quietMs` (bounded by `maxMs`). */
  async quiet(quietMs: number, maxMs = 10_000): Promise<void> {
    const end = Date.now() + maxMs;
    for (;;) {
      const seen = this.entries.length;
      const left = end - Date.now();
      if (left <= 0) return;
      await new Promise<void>((ok) => {
        const timer = setTimeout(ok, Math.min(quietMs, left));
        this.waiters.push(() => {
          clearTimeout(timer);
          ok();
        });
      });
      if (this.entries.length === seen) return;
    }
  }
}

export function readRequestBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((ok) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      if (data.length < limit) data += chunk.slice(0, limit - data.length);
    });
    req.on('end', () => ok(data));
    req.on('error', () => ok(data));
  });
}
