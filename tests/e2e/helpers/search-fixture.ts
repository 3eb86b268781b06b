import type { FixtureServer } from './fixture-server';

/** A SearXNG-compatible /search endpoint on the fixture server, answering every query with `hits`. */
export function serveSearch(
  server: FixtureServer,
  hits: () => { title: string; url: string; content: string }[],
) {
  const queries: string[] = [];
  server.route((_req, res, url) => {
    if (url.pathname !== '/search') return false;
    queries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: url.searchParams.get('q'), results: hits() }));
    return true;
  });
  return { queries };
}
