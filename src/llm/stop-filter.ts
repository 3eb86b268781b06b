/**
 * Cuts streamed text at the first stop string, holding back a tail that could still become one,
 * so `onDelta` never shows text the final result will not contain. Used by engines whose backend
 * may ignore `stop` (some OpenAI-compatible servers) or stop a token late.
 */
export class StopFilter {
  private pending = '';
  private emitted = '';
  stopped = false;
  private readonly longest: number;

  constructor(private readonly stops: readonly string[]) {
    this.longest = stops.reduce((n, s) => Math.max(n, s.length), 0);
  }

  /** Feed a raw delta; returns the text that is now safe to show (possibly ''). */
  push(delta: string): string {
    if (this.stopped) return '';
    this.pending += delta;
    let cut = -1;
    for (const s of this.stops) {
      if (s === '') continue;
      const at = this.pending.indexOf(s);
      if (at !== -1 && (cut === -1 || at < cut)) cut = at;
    }
    if (cut !== -1) {
      this.stopped = true;
      return this.release(this.pending.slice(0, cut));
    }
    const keep = this.heldTail();
    return this.release(this.pending.slice(0, this.pending.length - keep), keep);
  }

  /** At end of stream: whatever is held back was not a stop string after all. */
  flush(): string {
    if (this.stopped) return '';
    return this.release(this.pending);
  }

  /** All text released so far. */
  get text(): string {
    return this.emitted;
  }

  private release(out: string, keep = 0): string {
    this.pending = keep > 0 ? this.pending.slice(this.pending.length - keep) : '';
    this.emitted += out;
    return out;
  }

  /** Length of the longest suffix of `pending` that is a proper prefix of some stop string. */
  private heldTail(): number {
    const max = Math.min(this.longest - 1, this.pending.length);
    for (let n = max; n > 0; n--) {
      const tail = this.pending.slice(this.pending.length - n);
      if (this.stops.some((s) => s.startsWith(tail))) return n;
    }
    return 0;
  }
}
