import { describe, expect, it } from 'vitest';
import { createPdfReader } from '../../../../src/tools/agent-tools/pdf-reader';
import { tinyPdf } from '../browse/tiny-pdf';

const signal = new AbortController().signal;

describe('reading PDFs', () => {
  it('turns a fetched PDF into page text without following redirects', async () => {
    const inits: RequestInit[] = [];
    const read = createPdfReader({
      fetch: async (_url, init) => {
        inits.push(init);
        return new Response(tinyPdf(['Tides are caused by the Moon']), {
          headers: { 'content-type': 'application/pdf' },
        });
      },
    });
    const page = await read('https://example.org/paper.pdf', signal);
    expect(page?.markdown).toContain('Tides are caused by the Moon');
    expect(inits[0]?.redirect).toBe('error');
    expect(inits[0]?.credentials).toBe('omit');
  });

  it('leaves non-PDF answers and redirects to the tab reader', async () => {
    const html = createPdfReader({
      fetch: async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    });
    expect(await html('https://example.org/x.pdf', signal)).toBeNull();
    const redirected = createPdfReader({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await redirected('https://example.org/y.pdf', signal)).toBeNull();
  });
});
