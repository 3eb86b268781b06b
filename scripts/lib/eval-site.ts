/**
 * The eval's offline web: real pages (tests/fixtures/eval/pages, tests/fixtures/pages) served at
 * /pages/<name>/ on 127.0.0.1, and a search engine over them answering SearXNG's JSON API at /search
 * (a MiniSearch BM25 index), so `npm run eval` runs the extension's real SearXNG provider, URL policy,
 * extraction and evidence code without a network.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { matchTerms } from '../../src/text/words';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const EVAL_PAGE_DIRS = [`${root}tests/fixtures/eval/pages`, `${root}tests/fixtures/pages`];
export const DEV_SET = `${root}tests/fixtures/eval/dev.jsonl`;

interface SitePage {
  name: string;
  title: string;
  text: string;
  html: Buffer;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(Number.parseInt(k.slice(2), 16) || 32);
    if (k.startsWith('#')) return String.fromCodePoint(Number.parseInt(k.slice(1), 10) || 32);
    return ENTITIES[k] ?? whole;
  });
}

/** Visible-ish text for the index: a search engine's crawl, not the extension's extraction. */
function pageText(html: string): { title: string; text: string } {
  const title = decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '');
  const body = html
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return { title, text: decodeEntities(body).replace(/\s+/g, ' ').trim() };
}

export function loadSitePages(dirs: readonly string[] = EVAL_PAGE_DIRS): SitePage[] {
  const pages = new Map<string, SitePage>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const file = `${dir}/${name}/source.html`;
      if (pages.has(name) || !existsSync(file)) continue;
      const html = readFileSync(file);
      pages.set(name, { name, html, ...pageText(html.toString('utf8')) });
    }
  }
  return [...pages.values()];
}

/** The sentence-ish window of the text that holds the most query terms. */
function snippetOf(text: string, query: string, size = 240): string {
  const terms = new Set(matchTerms(query));
  const sentences = text.split(/(?<=[.!?。！？])\s*/);
  let best = sentences[0] ?? '';
  let bestScore = -1;
  for (const s of sentences) {
    const score = matchTerms(s).filter((t) => terms.has(t)).length;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best.length > size ? `${best.slice(0, size)}…` : best;
}

export interface EvalSite {
  url: string;
  origin: string;
  /** For `--search searxng=…`. */
  searchUrl: string;
  pages: string[];
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startEvalSite(
  opts: { port?: number; dirs?: readonly string[] } = {},
): Promise<EvalSite> {
  const pages = loadSitePages(opts.dirs);
  const byName = new Map(pages.map((p) => [p.name, p]));
  const index = new MiniSearch<SitePage>({
    idField: 'name',
    fields: ['title', 'text'],
    storeFields: ['title'],
    tokenize: matchTerms,
    processTerm: (term) => term,
    searchOptions: {
      boost: { title: 2 },
      combineWith: 'OR',
      prefix: (t) => t.length > 4 && /^[a-z]/.test(t),
    },
  });
  index.addAll(pages);
  const requests: string[] = [];
  let origin = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      if (url.searchParams.get('format') !== 'json') {
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end('only format=json is served');
        return;
      }
      const results = index
        .search(q)
        .slice(0, 10)
        .map((hit) => {
          const page = byName.get(String(hit.id));
          return {
            title: page?.title ?? String(hit.id),
            url: `${origin}/pages/${hit.id}/`,
            content: page ? snippetOf(page.text, q) : '',
            engine: 'eval-site',
          };
        });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ query: q, number_of_results: results.length, results, unresponsive_engines: [] }),
      );
      return;
    }
    const m = /^\/pages\/([^/]+)\/?$/.exec(url.pathname);
    const page = m?.[1] ? byName.get(decodeURIComponent(m[1])) : undefined;
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page.html);
      return;
    }
    if (url.pathname === '/') {
      const list = pages
        .map((p) => `<li><a href="/pages/${p.name}/">${p.title || p.name}</a></li>`)
        .join('\n');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><meta charset="utf-8"><title>Sleuth eval site</title><ul>\n${list}\n</ul>`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    origin,
    searchUrl: origin,
    pages: pages.map((p) => p.name),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
