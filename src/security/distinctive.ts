/**
 * What in a text is distinctive enough that seeing it leave the machine means private data left:
 * ids and codes, long numbers, e-mail addresses, keys and other high-entropy strings. Ordinary words
 * and the names of things (RTX4090, COVID-19, utf8mb4, 2024-05-03) are not: researching a page's
 * subject must keep working.
 */
import { entropy, looksLikeRandomBlob } from './query-gate';

/** Case, spacing and punctuation do not change what a string says. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
// Digits grouped by spaces, dashes, dots or brackets: phone, card, account and order numbers.
const GROUPED_DIGITS = /\+?\(?\d[\d\s().-]{5,}\d/g;
// Amounts: 1,000,000 or 12,450.00 or 3.25 — quantities, not identifiers.
const AMOUNT = /^\d{1,3}(?:[,.\s]\d{3})+(?:[.,]\d{1,2})?$|^\d+[.,]\d{1,2}$/;

/** Letter↔digit switches: random codes switch often, names of things (rtx4090, ipv6) once. */
function transitions(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) {
    const a = /\d/.test(s[i - 1] ?? '');
    const b = /\d/.test(s[i] ?? '');
    if (a !== b) n++;
  }
  return n;
}

function looksLikeDate(digits: string): boolean {
  if (digits.length !== 8) return false;
  const ymd = /^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;
  const dmy = /^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])(19|20)\d\d$/;
  const mdy = /^(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(19|20)\d\d$/;
  return ymd.test(digits) || dmy.test(digits) || mdy.test(digits);
}

function distinctiveNumber(raw: string): boolean {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7 || looksLikeDate(digits)) return false;
  if (AMOUNT.test(raw.trim())) return false;
  // 1000000, 7777777: quantities and fillers, not identifiers.
  return new Set(digits).size > 2 && !/0{4,}$/.test(digits);
}

const vowelShare = (s: string) => (s.match(/[aeiou]/g) ?? []).length / Math.max(1, s.length);

/**
 * Codes written in groups (MVVV-JLAF-4HVY, EUW7-4FLR-PJDX): three or more groups of 3–8 letters and
 * digits, with a digit, or in capitals with few vowels (random letters, not words).
 */
function groupedCode(raw: string, digits: number): boolean {
  const groups = raw.split(/[-_.]/);
  if (groups.length < 3 || !groups.every((g) => /^[A-Za-z0-9]{3,8}$/.test(g))) return false;
  if (digits >= 1) return true;
  return /^[A-Z0-9_.-]+$/.test(raw) && vowelShare(raw.toLowerCase()) < 0.25;
}

/** One word (already stripped of surrounding punctuation) as an identifier, or undefined. */
export function distinctiveWord(raw: string): string | undefined {
  const n = normalise(raw);
  if (n.length < 6) return undefined;
  const digits = (n.match(/\d/g) ?? []).length;
  const letters = n.length - digits;
  if (letters === 0) return distinctiveNumber(raw) ? n : undefined;
  if (groupedCode(raw, digits)) return n;
  if (digits >= 2 && letters >= 2) {
    const t = transitions(n);
    if (t >= 4 || (t >= 3 && n.length >= 8) || (t >= 2 && n.length >= 10 && digits >= 3 && letters >= 3))
      return n;
  }
  if (/^[0-9a-f]{16,}$/i.test(raw) && digits > 0) return n;
  if (raw.length >= 12 && /[a-z]/.test(raw) && /[A-Z]/.test(raw) && entropy(raw) >= 3.5) return n;
  if (looksLikeRandomBlob(raw)) return n;
  return undefined;
}

/** The distinctive strings of a text, normalised. */
export function distinctiveStrings(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(EMAIL)) out.add(normalise(m[0]));
  for (const m of text.matchAll(GROUPED_DIGITS)) {
    if (distinctiveNumber(m[0])) out.add(normalise(m[0]));
  }
  for (const word of text.split(/\s+/)) {
    const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const d = core ? distinctiveWord(core) : undefined;
    if (d) out.add(d);
  }
  return out;
}
