/** Thrown when a response body is larger than the caller reads. */
export class TooLargeError extends Error {
  override name = 'TooLargeError';
}

/**
 * The first bytes of a response body, at most `maxBytes + 1` of them: reading stops and the stream is
 * cancelled as soon as the body passes `maxBytes`, so a huge or endless body is never buffered whole.
 * `over` says the body was larger than `maxBytes` (and `bytes` holds one byte more than the cap).
 */
export async function readBodyPrefix(
  res: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; over: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(0), over: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    if (total > maxBytes) {
      over = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(total, maxBytes + 1));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.byteLength;
    if (at >= bytes.length) break;
  }
  return { bytes, over };
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
  const { bytes, over } = await readBodyPrefix(res, maxBytes);
  if (over) throw new TooLargeError(tooLarge());
  return bytes.buffer;
}
