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

  it('stops reading a PDF at the size cap when the server sends no content-length', async () => {
    const chunk = new Uint8Array(1024).fill(37);
    let pulled = 0;
    // 64 KB with no content-length; a server could as well send gigabytes.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
        if (pulled >= 64 * 1024) controller.close();
      },
    });
    const read = createPdfReader({
      maxBytes: 10 * 1024,
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/pdf' } }),
    });
    await expect(read('https://example.org/huge.pdf', signal)).rejects.toThrow(/larger than 10 KB/);
    expect(pulled).toBeLessThanOrEqual(12 * 1024);
  });

  it('refuses a PDF whose content-length is over the cap without reading its body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1));
      },
    });
    const read = createPdfReader({
      maxBytes: 10 * 1024,
      fetch: async () =>
        new Response(body, { headers: { 'content-type': 'application/pdf', 'content-length': '999999' } }),
    });
    await expect(read('https://example.org/big.pdf', signal)).rejects.toThrow(/larger than 10 KB/);
    expect(pulled).toBeLessThanOrEqual(1);
  });
});
