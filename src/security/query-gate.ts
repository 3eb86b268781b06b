/**
 * Search queries leave the machine. A model that read a prompt-injected page (or a page showing the
 * user's own data) might put a key, token or address into a query; this gate spots secret-looking
 * strings so the caller can block the query or ask the user first.
 */

export type QueryGateKind = 'secret' | 'private-key' | 'blob' | 'email' | 'card';

export type QueryCheck = { ok: true } | { ok: false; kind: QueryGateKind; reason: string };

interface SecretPattern {
  name: string;
  kind: QueryGateKind;
  pattern: RegExp;
}

const SECRET_PATTERNS: readonly SecretPattern[] = [
  { name: 'a private key', kind: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/ },
  {
    name: 'an API key (sk-…)',
    kind: 'secret',
    pattern: /(?<![A-Za-z0-9])sk-(?:proj-|ant-|live-|or-v1-)?[A-Za-z0-9_-]{20,}/,
  },
  {
    name: 'a Stripe key',
    kind: 'secret',
    pattern: /(?<![A-Za-z0-9])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/,
  },
  { name: 'a GitHub token', kind: 'secret', pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}/ },
  { name: 'a GitHub token', kind: 'secret', pattern: /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,}/ },
  {
    name: 'an AWS access key',
    kind: 'secret',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/,
  },
  { name: 'a Slack token', kind: 'secret', pattern: /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/ },
  { name: 'a Google API key', kind: 'secret', pattern: /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/ },
  { name: 'a Hugging Face token', kind: 'secret', pattern: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}/ },
  {
    name: 'a login token (JWT)',
    kind: 'secret',
    pattern: /(?<![A-Za-z0-9])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/,
  },
  {
    name: 'an email address',
    kind: 'email',
    pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/,
  },
];

const MIN_BLOB_LENGTH = 32;

export function checkQuery(query: string): QueryCheck {
  for (const { name, kind, pattern } of SECRET_PATTERNS) {
    const match = pattern.exec(query);
    if (match) return blocked(kind, name, match[0]);
  }
  const card = findCardNumber(query);
  if (card) return blocked('card', 'a payment card number', card);
  for (const token of query.split(/[^A-Za-z0-9+/=_-]+/)) {
    if (looksLikeRandomBlob(token))
      return blocked('blob', 'a long random-looking string (possibly a key)', token);
  }
  return { ok: true };
}

function blocked(kind: QueryGateKind, name: string, found: string): QueryCheck {
  return {
    ok: false,
    kind,
    reason:
      `This search query contains what looks like ${name} (${mask(found)}). ` +
      'Sleuth does not send secrets or personal details to search engines.',
  };
}

// Show just enough for the user to recognise the string without repeating the secret.
function mask(found: string): string {
  if (found.length <= 8) return '…';
  return `${found.slice(0, 4)}…${found.slice(-2)}`;
}

/** 13–19 digits, spaces or dashes between groups allowed, that pass the Luhn check cards use. */
export function findCardNumber(text: string): string | undefined {
  for (const m of text.matchAll(/(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g)) {
    const digits = m[0].replace(/\D/g, '');
    if (luhn(digits) && new Set(digits).size > 2) return m[0];
  }
  return undefined;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Hex of 32+ characters (hashes, keys), or base64-like strings of 32+ characters that mix upper case,
 * lower case and digits with high character entropy. Ordinary long words and hyphenated slugs have
 * neither property.
 */
export function looksLikeRandomBlob(token: string): boolean {
  const core = token.replace(/=+$/, '');
  if (core.length < MIN_BLOB_LENGTH) return false;
  if (/^[0-9a-f]+$/i.test(core)) return /\d/.test(core) && /[a-f]/i.test(core) && entropy(core) >= 3;
  const mixed = /[a-z]/.test(core) && /[A-Z]/.test(core) && /\d/.test(core);
  return mixed && entropy(core) >= 4;
}

/** Shannon entropy in bits per character. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
