/**
 * Labelling aid for the human golden set (tests/fixtures/golden/GUIDE.md): prints what a person sees
 * on a saved page, as Chromium renders it with scripts off and no network, one block per line. The
 * labeller cuts the article body out of this by hand; nothing here decides what the article is.
 *
 *   npx tsx scripts/golden/visible-text.ts SOURCE.html [OUT.txt]...   (pairs of input and output)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromePath } from '../../tests/e2e/helpers/paths';

const PAGE_URL = 'http://fakehost/test/page.html';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.length % 2 !== 0) {
    console.error('usage: visible-text.ts SOURCE.html OUT.txt [SOURCE.html OUT.txt]...');
    process.exit(2);
  }
  const browser = await chromium.launch({ executablePath: chromePath(), headless: true });
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    for (let i = 0; i < args.length; i += 2) {
      const [source, out] = [args[i] as string, args[i + 1] as string];
      // Anti-flicker styles hide the whole page until scripts run; a reader sees it once they have.
      const html = `${readFileSync(source, 'utf8')}<style>html, body { visibility: visible !important; opacity: 1 !important; }</style>`;
      const page = await context.newPage();
      // Only the page itself is served; its images, fonts and remote styles are not fetched.
      await page.route('**/*', (route) =>
        route.request().url() === PAGE_URL
          ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
          : route.abort(),
      );
      await page.goto(PAGE_URL, { waitUntil: 'domcontentloaded' });
      // innerText on purpose: the rendered text (block breaks, CSS-hidden text left out) is the point.
      // biome-ignore lint/performance/useDomNodeTextContent: textContent would include hidden text
      const text = await page.evaluate(() => document.body?.innerText ?? '');
      writeFileSync(
        out,
        `${text
          .split('\n')
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n')}\n`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
