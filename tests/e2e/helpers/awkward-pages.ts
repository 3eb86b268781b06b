import type { ServerResponse } from 'node:http';
import type { Route } from './fixture-server';

/** What the awkward pages saw, for the tests to check. */
export interface AwkwardPageLog {
  /** The Cookie header of each request to /account ('' when none was sent). */
  cookieSeen: string[];
  /** Responses to /asset/* held open; the test destroys them when it ends. */
  held: ServerResponse[];
}

/**
 * Pages that make a tab reader's life hard, served next to the fixture corpus: slow, cookie-setting,
 * heavy with assets, built by script, nested too deep, redirecting to a private address, never done.
 */
export function awkwardPages(log: AwkwardPageLog): Route {
  const { cookieSeen, held } = log;
  return (req, res, url) => {
    if (url.pathname === '/slow') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><head><title>Slow page</title></head><body><p>Arrived slowly.</p></body></html>');
      }, 1500);
      return true;
    }
    if (url.pathname === '/account') {
      // Sets a session cookie, and records whether the request carried one.
      cookieSeen.push(req.headers.cookie ?? '');
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'session=secret-123; Path=/' });
      res.end(
        `<html><head><title>Account</title></head><body><article><p>${'Account page text. '.repeat(30)}</p></article></body></html>`,
      );
      return true;
    }
    if (url.pathname === '/heavy') {
      // Everything a reader does not need, plus a script that takes as long as the test lets it.
      const tag = url.searchParams.get('tag') ?? '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Heavy page</title>
        <style>@font-face { font-family: Slab; src: url(/asset/font.woff2?${tag}); } body { font-family: Slab; }</style>
        <script async src="/asset/slow.js?${tag}"></script></head>
        <body><article><h1>Heavy page</h1><img src="/asset/photo.jpg?${tag}" width="40" height="40">
        <video src="/asset/clip.mp4?${tag}" autoplay muted></video>
        <p>${'The article text a reader came for. '.repeat(30)}</p></article></body></html>`);
      return true;
    }
    if (url.pathname === '/built') {
      // A page whose article a script writes a moment after parsing (as when it fetches it first).
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Built page</title></head><body><div id="app">Loading…</div><script>
        setTimeout(() => {
          document.getElementById('app').innerHTML =
            '<article><h1>Built</h1><p>' + 'Text the script wrote after the page was parsed. '.repeat(20) + '</p></article>';
        }, 400);
      </script></body></html>`);
      return true;
    }
    if (url.pathname === '/deep') {
      // Nested deeper than the article extractor will go (Chromium's parser keeps up to 512 levels).
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Deep page</title></head><body><nav><a href="/">Home</a></nav>
        ${'<div>'.repeat(400)}<p>${'Text at the bottom of a deep page. '.repeat(20)}</p>${'</div>'.repeat(400)}
        </body></html>`);
      return true;
    }
    if (url.pathname.startsWith('/asset/')) {
      // Held until the test ends: a read that waited for any of these would time out.
      held.push(res);
      return true;
    }
    if (url.pathname === '/redirect-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/admin' });
      res.end();
      return true;
    }
    if (url.pathname === '/never') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(
        `${'<html><head><title>Never done</title></head><body><article><h1>Partial</h1><p>This text arrived before the server stalled. '.repeat(
          40,
        )}</p></article>`,
      );
      return true; // the response is never ended
    }
    return false;
  };
}
