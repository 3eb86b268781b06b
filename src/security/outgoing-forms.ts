/**
 * The readable forms of a string about to leave the machine: a model told to hide data writes it
 * URL-encoded, in base64 or hex, as HTML entities, or spelled out ("name at mail dot com").
 */

function urlDecoded(text: string): string[] {
  const out: string[] = [];
  let current = text;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      // A stray % makes the whole string undecodable: decode the well-formed escapes one by one.
      next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    }
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

const PRINTABLE = /^[\p{L}\p{N}\p{P}\p{S}\s]+$/u;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function bytesToText(bytes: Uint8Array): string | undefined {
  try {
    const text = utf8.decode(bytes);
    return text.length >= 4 && PRINTABLE.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

function fromBase64(token: string): string | undefined {
  const standard = token.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return undefined;
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
    return bytesToText(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function fromHex(token: string): string | undefined {
  if (token.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(token)) return undefined;
  const bytes = new Uint8Array(token.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(token.slice(i * 2, i * 2 + 2), 16);
  return bytesToText(bytes);
}

function decodedTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{8,}={0,2}/g)) {
    const b64 = fromBase64(m[0]);
    if (b64) out.push(b64);
    const hex = fromHex(m[0]);
    if (hex) out.push(hex);
  }
  return out;
}

const entitiesDecoded = (text: string) =>
  text.replace(/&#(x[0-9a-f]+|\d+);/gi, (whole, n: string) => {
    const code = n[0] === 'x' || n[0] === 'X' ? Number.parseInt(n.slice(1), 16) : Number(n);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

const unspelled = (text: string) =>
  text
    .replace(/\s*[[(]?\s*\bat\b\s*[\])]?\s*/gi, '@')
    .replace(/\s*[[(]?\s*\bdot\b\s*[\])]?\s*/gi, '.')
    .replace(/\s*\bdash\b\s*/gi, '-');

/** The text itself and every decoding of it that reads as text. */
export function outgoingForms(text: string): string[] {
  const forms = new Set<string>([text]);
  for (const u of [text, ...urlDecoded(text)]) {
    forms.add(u);
    forms.add(entitiesDecoded(u));
    forms.add(unspelled(u));
    for (const d of decodedTokens(u)) forms.add(d);
  }
  return [...forms];
}
