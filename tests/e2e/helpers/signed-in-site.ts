import type { FixtureServer } from './fixture-server';

/** What a page or service worker of the site reported seeing, one report per load. */
export interface SiteReport {
  from: 'page' | 'sw';
  /** The user's (normal profile) tab or an agent visit, as the page URL says (`?as=`). */
  as: string;
  jsCookie: string;
  token: string;
  controlled: boolean;
  /** The Cookie header the report request itself carried (HttpOnly cookie included). */
  cookieHeader: string;
}

export const JS_SECRET = 'js-cookie-7Q2Z';
export const HTTPONLY_SECRET = 'httponly-9K4W';
export const TOKEN_SECRET = 'local-token-3M8X';

/**
 * A site the user is "signed in" to, on the fixture server under /site/: visiting /site/setup in a
 * normal tab sets a JavaScript-readable cookie, an HttpOnly cookie and a localStorage token, and
 * registers a service worker for /site/. Every load of /site/app (script-built: its text is written
 * by its script) reports what it sees, and the service worker reports each navigation it intercepts,
 * with the request's own Cookie header.
 */
export function serveSignedInSite(server: FixtureServer, reports: SiteReport[]): void {
  server.route(async (req, res, url) => {
    if (!url.pathname.startsWith('/site/')) return false;
    const html = (body: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      });
      res.end(`<!doctype html><html><head><title>Members area</title></head><body>${body}</body></html>`);
    };
    if (url.pathname === '/site/setup') {
      html(
        `<p id="state">setting up</p><script>
document.cookie = 'js_session=${JS_SECRET}; path=/';
localStorage.setItem('token', '${TOKEN_SECRET}');
navigator.serviceWorker.register('/site/sw.js', { scope: '/site/' })
  .then(() => navigator.serviceWorker.ready)
  .then(() => { document.getElementById('state').textContent = 'ready'; });
</script>`,
        { 'set-cookie': `sid=${HTTPONLY_SECRET}; Path=/; HttpOnly` },
      );
      return true;
    }
    if (url.pathname === '/site/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'service-worker-allowed': '/site/' });
      res.end(`self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.mode !== 'navigate') return;
  const as = new URL(e.request.url).searchParams.get('as') || '';
  // What a site's worker can do during any visit: call the site's API with the user's cookies.
  e.waitUntil(fetch('/site/report?from=sw&as=' + encodeURIComponent(as), { credentials: 'include' }));
});`);
      return true;
    }
    if (url.pathname === '/site/report') {
      reports.push({
        from: url.searchParams.get('from') === 'sw' ? 'sw' : 'page',
        as: url.searchParams.get('as') ?? '',
        jsCookie: url.searchParams.get('cookie') ?? '',
        token: url.searchParams.get('token') ?? '',
        controlled: url.searchParams.get('controlled') === 'true',
        cookieHeader: req.headers.cookie ?? '',
      });
      res.writeHead(204).end();
      return true;
    }
    if (url.pathname === '/site/app') {
      const as = url.searchParams.get('as') ?? '';
      html(`<main><h1>Members area</h1><article id="out"></article></main><script>
const seen = { cookie: document.cookie, token: localStorage.getItem('token') || '',
  controlled: String(!!(navigator.serviceWorker && navigator.serviceWorker.controller)) };
const q = new URLSearchParams({ from: 'page', as: ${JSON.stringify(as)}, ...seen });
fetch('/site/report?' + q, { credentials: 'include' });
const p = (t) => { const e = document.createElement('p'); e.textContent = t; document.getElementById('out').append(e); };
p('This members page was written by its own script, which shows here what it could see of the visitor.');
p('Cookies the script could read: [' + seen.cookie + '].');
p('Token in local storage: [' + seen.token + '].');
p('Controlled by a service worker: ' + seen.controlled + '.');
p('A members page lists your orders, your saved addresses and your messages once you are signed in.');
</script>`);
      return true;
    }
    return false;
  });
}
