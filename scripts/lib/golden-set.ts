/**
 * The human-labelled golden set (tests/fixtures/golden, see GUIDE.md there): each page's saved HTML,
 * the article body a person wrote down for it, and its metadata. Self-contained in the repository, so
 * it needs no ../shared.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

export const GOLDEN_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/golden');

/** Readability's test pages were saved from this address; relative links resolve against it. */
export const GOLDEN_URL = 'http://fakehost/test/page.html';

const Meta = v.object({
  page: v.string(),
  origin: v.string(),
  /** The saved page, relative to the page's folder. */
  html: v.string(),
  language: v.string(),
  kind: v.string(),
  /** Not looked at while tuning the extractor; reported separately. */
  heldOut: v.boolean(),
  notes: v.string(),
});

export type GoldenMeta = v.InferOutput<typeof Meta>;

export interface GoldenPage {
  name: string;
  meta: GoldenMeta;
  html: string;
  /** The human-written article body. */
  label: string;
}

export function goldenPageNames(dir = GOLDEN_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(dir, d.name, 'meta.json')))
    .map((d) => d.name)
    .sort();
}

export function loadGoldenPage(name: string, dir = GOLDEN_DIR): GoldenPage {
  const folder = resolve(dir, name);
  const meta = v.parse(Meta, JSON.parse(readFileSync(resolve(folder, 'meta.json'), 'utf8')));
  return {
    name,
    meta,
    html: readFileSync(resolve(folder, meta.html), 'utf8'),
    label: readFileSync(resolve(folder, 'body.txt'), 'utf8'),
  };
}

export function loadGoldenSet(dir = GOLDEN_DIR): GoldenPage[] {
  return goldenPageNames(dir).map((name) => loadGoldenPage(name, dir));
}
