/** Locates the real-page fixtures: the shared set when present, else the project's own small copy. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';
import * as v from 'valibot';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const SHARED = resolve(repoRoot, '../shared/fixtures/pages');
const LOCAL = resolve(repoRoot, 'tests/fixtures/pages');

// Readability's test suite parses every page at this address; relative links resolve against it.
export const FIXTURE_URL = 'http://fakehost/test/page.html';

const Metadata = v.object({
  title: v.nullish(v.string()),
  readerable: v.boolean(),
});

export interface FixturePage {
  name: string;
  source: string;
  title: string;
  readerable: boolean;
}

export function fixtureDir(): { dir: string; shared: boolean } {
  if (existsSync(SHARED)) return { dir: SHARED, shared: true };
  console.warn(`[extract tests] ${SHARED} is absent; using the project's own pages in ${LOCAL}`);
  return { dir: LOCAL, shared: false };
}

export function listPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(dir, d.name, 'source.html')))
    .map((d) => d.name)
    .sort();
}

export function loadPage(dir: string, name: string): FixturePage {
  const read = (file: string) => readFileSync(resolve(dir, name, file), 'utf8');
  const meta = v.parse(Metadata, JSON.parse(read('expected-metadata.json')));
  return {
    name,
    source: read('source.html'),
    title: meta.title ?? '',
    readerable: meta.readerable,
  };
}

export function parseHtml(html: string, url = FIXTURE_URL): Document {
  // A silent console: jsdom reports every stylesheet it cannot parse, which real pages have plenty of.
  return new JSDOM(html, { url, virtualConsole: new VirtualConsole() }).window.document;
}
