import type { ResearchFixture } from './research-fixture';

/**
 * A site the user is signed in to in their own browser, for the private-run tests in Chromium and
 * Firefox: `/login` sets the session cookie, and `/account` shows SIGNED_IN only with it, so a
 * signed-out read of the same address shows less.
 */
const SIGNED_IN = 'Welcome back, Ada Lovelace. Your customer reference is ZX81-QQ42-LV7P.';
const ACCOUNT_INTRO =
  'Northwind account overview. This page shows the orders, invoices and support tickets of the account that is signed in, with the newest first, and explains each status in plain words so that nothing needs a phone call.';

export function routeAccountSite(fx: ResearchFixture): void {
  fx.pages.route((req, res, url) => {
    if (url.pathname === '/login') {
      res.writeHead(302, { 'set-cookie': 'session=ada; Path=/', location: '/account' });
      res.end();
      return true;
    }
    if (url.pathname !== '/account') return false;
    const signedIn = String(req.headers.cookie ?? '').includes('session=ada');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Northwind account</title><main><article><h1>Your account</h1><p>${ACCOUNT_INTRO}</p><p>${
        signedIn ? SIGNED_IN : 'Sign in to see your account.'
      }</p></article></main>`,
    );
    return true;
  });
}

/**
 * The queries that reached the fixture's search API, in order. A panel that opens tests the search
 * provider with the fixed query "test" (the first-run guide's check, src/hosts/search-test-handler.ts):
 * the user's own action, not a model-chosen query, so it is left out.
 */
export const searchedQueries = (fx: ResearchFixture): string[] =>
  fx.pages.hits
    .filter((h) => h.startsWith('/search?'))
    .map((h) => new URLSearchParams(h.slice('/search?'.length)).get('q') ?? '')
    .filter((q) => q !== 'test');
