/**
 * Degenerate repetition: the tail of the text is one chunk repeated over and over (small models in
 * long runs loop on a phrase until they hit the token limit). Returns where the loop starts, so the
 * text can be cut to its first occurrence, or -1.
 */
export interface RepetitionOptions {
  /** Longest repeating unit looked for, in characters. */
  maxPeriod: number;
  /** Repeated span (characters) that counts as degenerate. */
  minSpan: number;
  /** Repeats of the unit that count as degenerate. */
  minRepeats: number;
}

const DEFAULTS: RepetitionOptions = { maxPeriod: 300, minSpan: 600, minRepeats: 6 };

export function findRepetition(text: string, options: Partial<RepetitionOptions> = {}): number {
  const opts = { ...DEFAULTS, ...options };
  const n = text.length;
  for (let p = 1; p <= opts.maxPeriod && p * 2 <= n; p++) {
    // Length of the suffix that is periodic with period p.
    let run = 0;
    while (run + p < n && text.charCodeAt(n - 1 - run) === text.charCodeAt(n - 1 - run - p)) run++;
    const span = run + p;
    if (span >= opts.minSpan && span >= p * opts.minRepeats) {
      // Keep the first occurrence of the unit, cut the echoes.
      return n - span + p;
    }
  }
  return -1;
}

/** Streaming check: call with the growing text; scans only every `every` characters. */
export class RepetitionGuard {
  private checkedAt = 0;

  constructor(
    private readonly every = 256,
    private readonly options: Partial<RepetitionOptions> = {},
  ) {}

  check(text: string): number {
    if (text.length - this.checkedAt < this.every) return -1;
    this.checkedAt = text.length;
    return findRepetition(text, this.options);
  }
}
