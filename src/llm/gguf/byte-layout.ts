/**
 * How one downloaded file turns into output files: an ordered list of segments, each either bytes
 * known up front (a shard header, alignment padding) or a range of the source file. Sources arrive
 * in order, so output is written strictly in order too: shard after shard, each from its start.
 * That is what makes a download resumable from a single number, the source offset reached.
 */

export type Segment = { shard: number; bytes: Uint8Array } | { shard: number; from: number; to: number };

export interface ByteLayout {
  /** Final size of each output file. */
  shardSizes: number[];
  segments: Segment[];
}

/** A piece of output: append `bytes` to output file `shard`. */
export interface Piece {
  shard: number;
  bytes: Uint8Array;
}

/** The file unchanged: one output, the whole source. */
export function identityLayout(size: number, shard = 0): ByteLayout {
  const shardSizes = new Array<number>(shard + 1).fill(0);
  shardSizes[shard] = size;
  return { shardSizes, segments: [{ shard, from: 0, to: size }] };
}

/**
 * Feeds source bytes through a layout and hands out the output pieces they complete. Starting at
 * `sourceOffset` > 0 resumes a layout whose output up to that point is already written (see
 * `outputLengthsAt`): literal segments that fell due at or before it count as written.
 */
export class LayoutCursor {
  private index = 0;
  private at: number;

  constructor(
    private readonly layout: ByteLayout,
    sourceOffset = 0,
  ) {
    this.at = sourceOffset;
    if (sourceOffset > 0) this.skipDone();
  }

  get sourceOffset(): number {
    return this.at;
  }

  get done(): boolean {
    return this.index >= this.layout.segments.length;
  }

  /** The next `chunk.length` source bytes; returns what they complete, in output order. */
  feed(chunk: Uint8Array): Piece[] {
    const start = this.at;
    const end = start + chunk.length;
    this.at = end;
    const out: Piece[] = [];
    const segs = this.layout.segments;
    while (this.index < segs.length) {
      const seg = segs[this.index];
      if (!seg) break;
      if ('bytes' in seg) {
        if (seg.bytes.length) out.push({ shard: seg.shard, bytes: seg.bytes });
        this.index++;
        continue;
      }
      const from = Math.max(seg.from, start);
      const to = Math.min(seg.to, end);
      if (to > from) out.push({ shard: seg.shard, bytes: chunk.subarray(from - start, to - start) });
      if (end >= seg.to) {
        this.index++;
        continue;
      }
      break;
    }
    return out;
  }

  /** Moves past segments already written before `sourceOffset` (construction with a resume point). */
  private skipDone(): void {
    const segs = this.layout.segments;
    while (this.index < segs.length) {
      const seg = segs[this.index];
      if (!seg) break;
      if ('bytes' in seg || this.at >= seg.to) this.index++;
      else break;
    }
  }
}

/** How long each output file is once the source up to `sourceOffset` has been fed (0 = nothing). */
export function outputLengthsAt(layout: ByteLayout, sourceOffset: number): number[] {
  const lengths = layout.shardSizes.map(() => 0);
  if (sourceOffset <= 0) return lengths;
  for (const seg of layout.segments) {
    if ('bytes' in seg) {
      lengths[seg.shard] = (lengths[seg.shard] ?? 0) + seg.bytes.length;
      continue;
    }
    const got = Math.min(seg.to, sourceOffset) - seg.from;
    if (got > 0) lengths[seg.shard] = (lengths[seg.shard] ?? 0) + got;
    if (sourceOffset < seg.to) break;
  }
  return lengths;
}
