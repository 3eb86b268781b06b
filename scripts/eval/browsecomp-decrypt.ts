/**
 * BrowseComp and BrowseComp-ZH are published encrypted so their questions do not leak into web
 * crawls: each text field is base64 of the UTF-8 text XORed with a key stream, the SHA-256 digest of
 * the row's canary string repeated to the field's length. Decrypting happens in memory at run time;
 * the plaintext is never written next to the data.
 */

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function fromBase64(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new Error('not base64');
  const bin = atob(clean);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function xor(data: Uint8Array, key: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = (data[i] ?? 0) ^ (key[i % key.length] ?? 0);
  return out;
}

/**
 * How a table's key stream is made from its canary: BrowseComp's SHA-256 digest of it, or
 * xBench-DeepSearch's canary string itself (its UTF-8 bytes, repeated).
 */
export type Keying = 'sha256' | 'raw';

const keyOf = async (canary: string, keying: Keying) =>
  keying === 'raw' ? new TextEncoder().encode(canary) : await sha256(canary);

export async function decryptField(
  ciphertextB64: string,
  canary: string,
  keying: Keying = 'sha256',
): Promise<string> {
  const key = await keyOf(canary, keying);
  if (key.length === 0) throw new Error('empty canary');
  const plain = xor(fromBase64(ciphertextB64), key);
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

/** The inverse, for tests that make their own encrypted files. */
export async function encryptField(
  plaintext: string,
  canary: string,
  keying: Keying = 'sha256',
): Promise<string> {
  return toBase64(xor(new TextEncoder().encode(plaintext), await keyOf(canary, keying)));
}

/**
 * Column names (lowercased) that hold the question and the answer: BrowseComp's `problem`,
 * BrowseComp-ZH's `Question`, xBench-DeepSearch's `prompt` (both its releases, keyed by the raw canary).
 */
const QUESTION_COLUMNS = ['problem', 'question', 'prompt'];
const ANSWER_COLUMNS = ['answer'];

export interface DecryptedRow {
  id: string;
  question: string;
  answer: string;
}

function column(header: readonly string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(h.trim().toLowerCase()));
}

/**
 * Decrypts a table (header row first) with a `canary` column. Returns the questions, or errors that
 * name the row; a wrong canary shows up as text that is not UTF-8.
 */
export async function decryptTable(
  table: readonly (readonly string[])[],
  fileLabel: string,
): Promise<{ ok: true; rows: DecryptedRow[] } | { ok: false; errors: string[] }> {
  const [header, ...body] = table;
  if (!header) return { ok: false, errors: [`${fileLabel} is empty`] };
  const q = column(header, QUESTION_COLUMNS);
  const a = column(header, ANSWER_COLUMNS);
  const c = column(header, ['canary']);
  const missing = [
    q < 0 ? '"problem", "Question" or "prompt"' : '',
    a < 0 ? '"answer"' : '',
    c < 0 ? '"canary"' : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (missing)
    return { ok: false, errors: [`${fileLabel} has no ${missing} column (header: ${header.join(', ')})`] };
  const keying: Keying = header[q]?.trim().toLowerCase() === 'prompt' ? 'raw' : 'sha256';
  const rows: DecryptedRow[] = [];
  const errors: string[] = [];
  for (const [i, cells] of body.entries()) {
    const label = `${fileLabel} row ${i + 2}`;
    if (cells.every((x) => !x.trim())) continue;
    const canary = cells[c] ?? '';
    try {
      const question = await decryptField(cells[q] ?? '', canary, keying);
      const answer = await decryptField(cells[a] ?? '', canary, keying);
      if (!question.trim() || !answer.trim()) throw new Error('empty question or answer');
      rows.push({ id: String(i + 1), question, answer });
    } catch (err) {
      errors.push(`${label} could not be decrypted (${err instanceof Error ? err.message : String(err)})`);
      if (errors.length >= 20) break;
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}
