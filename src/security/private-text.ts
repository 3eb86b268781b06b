/**
 * Taint tracking of private text. Text from the user's own tabs ("research this page", selections)
 * and from pages read with the user's sign-ins is private. A search query or a URL to open that
 * carries a distinctive piece of it — an id, code, long number, e-mail, key, or a long verbatim span —
 * is refused, however it is disguised (case, spacing, punctuation, reversal, splitting across
 * queries, URL/base64/hex encoding, "at"/"dot" spelling), unless the user's own question holds it.
 *
 * Not covered: paraphrase, translation, spelling digits as words, homoglyphs, and fragments shorter
 * than about half of an identifier; the model could still describe private text in its own words.
 */
import { distinctiveStrings, normalise } from './distinctive';
import { outgoingForms } from './outgoing-forms';

/** Normalised characters a copied span must share with private text to count (about 7 words). */
export const SPAN_CHARS = 40;

export type TaintCheck = { ok: true } | { ok: false; reason: string };

const reverse = (s: string) => [...s].reverse().join('');

// Polynomial rolling hash over code units; a hit is confirmed with indexOf, so collisions are harmless.
const BASE = 257;
function windowHashes(text: string, size: number, each: (hash: number, end: number) => void): void {
  if (text.length < size) return;
  let pow = 1;
  for (let i = 1; i < size; i++) pow = Math.imul(pow, BASE) >>> 0;
  let h = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= size) h = (h - Math.imul(text.charCodeAt(i - size), pow)) >>> 0;
    h = (Math.imul(h, BASE) + text.charCodeAt(i)) >>> 0;
    if (i >= size - 1) each(h, i + 1);
  }
}

const mask = (s: string) => (s.length <= 6 ? '…' : `${s.slice(0, 3)}…${s.slice(-2)}`);

export class PrivateText {
  private readonly exempt: string;
  private readonly tokens = new Set<string>();
  private corpus = '';
  private readonly spans = new Set<number>();

  /** `question`: what the user typed; anything in it may be searched for. */
  constructor(question: string) {
    this.exempt = normalise(question);
  }

  get empty(): boolean {
    return this.tokens.size === 0 && this.corpus === '';
  }

  /** Marks a text private (a page the user handed over, a selection, a page read signed in). */
  add(text: string): void {
    for (const t of distinctiveStrings(text)) if (!this.exempt.includes(t)) this.tokens.add(t);
    const n = normalise(text);
    if (n.length < SPAN_CHARS) return;
    this.corpus += `\u0000${n}`;
    windowHashes(n, SPAN_CHARS, (h) => this.spans.add(h));
  }

  /**
   * Judges one outgoing string (a query, or the part of a URL the model wrote). `recent` holds the
   * strings sent just before it in this run, so a secret split across queries is seen whole.
   */
  check(outgoing: string, recent: readonly string[] = []): TaintCheck {
    if (this.empty) return { ok: true };
    const own = outgoingForms(outgoing).map(normalise);
    // Consecutive strings as one, to see a secret split across queries ("7Q4K-93", "ZD-XL2P").
    const joined = [...recent.slice(-4), outgoing].map(normalise).join('');
    for (const form of [...own, joined]) {
      for (const text of [form, reverse(form)]) {
        const token = this.tokenIn(text);
        if (token) return refuse(`an identifier from your private page (${mask(token)})`);
        const span = this.spanIn(text);
        if (span) return refuse(`a passage copied from your private page ("${span.slice(0, 12)}…")`);
      }
    }
    // Halves with other words between them: "7Q4K93 weather ZDXL2P".
    const window = [...recent.slice(-4), outgoing].flatMap(outgoingForms).map(normalise).join(' ');
    for (const t of this.tokens) {
      if (t.length < 10) continue;
      const half = Math.ceil(t.length / 2);
      const [a, b] = [t.slice(0, half), t.slice(half)];
      if (
        (window.includes(a) && window.includes(b)) ||
        (window.includes(reverse(a)) && window.includes(reverse(b)))
      ) {
        return refuse(`an identifier from your private page, split in parts (${mask(t)})`);
      }
    }
    return { ok: true };
  }

  private tokenIn(text: string): string | undefined {
    for (const t of this.tokens) if (text.includes(t)) return t;
    return undefined;
  }

  private spanIn(text: string): string | undefined {
    let found: string | undefined;
    windowHashes(text, SPAN_CHARS, (h, end) => {
      if (found || !this.spans.has(h)) return;
      const piece = text.slice(end - SPAN_CHARS, end);
      if (this.corpus.includes(piece) && !this.exempt.includes(piece)) found = piece;
    });
    return found;
  }
}

function refuse(what: string): TaintCheck {
  return {
    ok: false,
    reason: `Refused: this carries ${what}. Sleuth does not send text from your own pages or signed-in pages to search engines or other sites. Search for the topic in general words instead.`,
  };
}
