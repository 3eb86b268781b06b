import { describe, expect, it } from 'vitest';
import { pdfToText } from '../../../../src/tools/browse/fetch/pdf-text';
import { tinyPdf } from './tiny-pdf';

describe('pdfToText', () => {
  it('reads the text of every page and the document title', async () => {
    const data = tinyPdf(['Hello from page one (really).', 'Second page says goodbye.'], 'Tiny Report');
    const result = await pdfToText(data);
    expect(result.title).toBe('Tiny Report');
    expect(result.pages).toBe(2);
    expect(result.totalPages).toBe(2);
    expect(result.text).toContain('Hello from page one (really).');
    expect(result.text).toContain('Second page says goodbye.');
    expect(result.text.indexOf('Hello')).toBeLessThan(result.text.indexOf('Second'));
    // The caller's buffer is still usable afterwards.
    expect(data.byteLength).toBeGreaterThan(0);
  });

  it('stops after maxPages', async () => {
    const result = await pdfToText(tinyPdf(['alpha page', 'beta page', 'gamma page']), { maxPages: 1 });
    expect(result.pages).toBe(1);
    expect(result.totalPages).toBe(3);
    expect(result.text).toContain('alpha');
    expect(result.text).not.toContain('beta');
  });

  it('rejects when aborted and on data that is not a PDF', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user stopped'));
    await expect(pdfToText(tinyPdf(['x']), { signal: controller.signal })).rejects.toThrow('user stopped');
    await expect(
      pdfToText(new TextEncoder().encode('<html>not a pdf</html>').buffer as ArrayBuffer),
    ).rejects.toThrow();
  });
});
