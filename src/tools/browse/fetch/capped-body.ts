/** Thrown when a response body is larger than the caller reads. */
export class TooLargeError extends Error {
  override name = 'TooLargeError';
}

/**
 * Reads a response body, stopping as soon as it passes `maxBytes`: a content-length over the cap
 * is refused before reading, and a body without one (or with a wrong one) is cancelled mid-stream
 * rather than buffered whole.
 */
export async function readCappedBody(
  res: Response,
  maxBytes: number,
  tooLarge: () => string,
): Promise<ArrayBuffer> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new TooLargeError(tooLarge());
  }
  if (!res.body) return new ArrayBuffer(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLargeError(tooLarge());
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out.buffer;
}
