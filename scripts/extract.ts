/**
 * npm run extract -- FILE.html [--url URL] [--max-chars N] [--no-computed-style]
 * Prints the ExtractedPage JSON for a saved page, using jsdom (scripts are not run).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { JSDOM, VirtualConsole } from 'jsdom';
import { extract } from '../src/extract/extract';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'https://example.com/page.html' },
    'max-chars': { type: 'string' },
    'no-computed-style': { type: 'boolean', default: false },
  },
});

const file = positionals[0];
if (!file) {
  console.error('usage: npm run extract -- FILE.html [--url URL] [--max-chars N] [--no-computed-style]');
  process.exit(2);
}

// jsdom complains about CSS it cannot parse; that noise would hide the JSON on stderr-merged output.
const dom = new JSDOM(readFileSync(file, 'utf8'), { url: values.url, virtualConsole: new VirtualConsole() });
const maxChars = values['max-chars'] ? Number(values['max-chars']) : undefined;
const page = extract(dom.window.document, values.url, {
  ...(maxChars ? { maxChars } : {}),
  computedStyle: !values['no-computed-style'],
});
process.stdout.write(`${JSON.stringify(page, null, 2)}\n`);
