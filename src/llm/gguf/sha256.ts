/**
 * SHA-256 that can be paused and resumed across browser restarts: WebCrypto only hashes whole
 * buffers, but a model download is gigabytes fed over minutes or days, so the running state
 * (eight words, the unprocessed tail and the length) is saved with each download checkpoint.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INIT = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** JSON-safe running state. */
export interface Sha256State {
  h: number[];
  /** Bytes not yet hashed (fewer than 64), as hex. */
  tail: string;
  /** Bytes hashed so far, tail included. */
  length: number;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => Uint8Array.from(s.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

export class Sha256 {
  private readonly h = new Uint32Array(INIT);
  private readonly w = new Int32Array(64);
  private readonly block = new Uint8Array(64);
  private fill = 0;
  private length = 0;

  static resume(state: Sha256State): Sha256 {
    const s = new Sha256();
    if (state.h.length !== 8) throw new Error('bad SHA-256 state');
    s.h.set(state.h);
    const tail = unhex(state.tail);
    s.block.set(tail);
    s.fill = tail.length;
    s.length = state.length;
    return s;
  }

  state(): Sha256State {
    return { h: Array.from(this.h), tail: hex(this.block.subarray(0, this.fill)), length: this.length };
  }

  update(data: Uint8Array): this {
    this.length += data.length;
    let i = 0;
    if (this.fill > 0) {
      const take = Math.min(64 - this.fill, data.length);
      this.block.set(data.subarray(0, take), this.fill);
      this.fill += take;
      i = take;
      if (this.fill < 64) return this;
      this.compress(this.block, 0);
      this.fill = 0;
    }
    for (; i + 64 <= data.length; i += 64) this.compress(data, i);
    if (i < data.length) {
      this.block.set(data.subarray(i), 0);
      this.fill = data.length - i;
    }
    return this;
  }

  /** The hex digest; the object must not be updated afterwards. */
  digest(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.fill < 56 ? 56 : 120) - this.fill + 8);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(pad.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(pad.length - 4, bits >>> 0);
    const length = this.length;
    this.update(pad);
    this.length = length;
    const out = new Uint8Array(32);
    const o = new DataView(out.buffer);
    for (let j = 0; j < 8; j++) o.setUint32(j * 4, this.h[j] ?? 0);
    return hex(out);
  }

  private compress(data: Uint8Array, at: number): void {
    // Hot loop (gigabytes per model): typed-array reads are cast instead of `?? 0`-guarded.
    const w = this.w;
    const view = new DataView(data.buffer, data.byteOffset + at, 64);
    for (let j = 0; j < 16; j++) w[j] = view.getUint32(j * 4);
    for (let j = 16; j < 64; j++) {
      const a = w[j - 15] as number;
      const b = w[j - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[j] = ((w[j - 16] as number) + s0 + (w[j - 7] as number) + s1) | 0;
    }
    const h = this.h;
    let a = h[0] as number;
    let b = h[1] as number;
    let c = h[2] as number;
    let d = h[3] as number;
    let e = h[4] as number;
    let f = h[5] as number;
    let g = h[6] as number;
    let hh = h[7] as number;
    for (let j = 0; j < 64; j++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[j] as number) + (w[j] as number)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] as number) + a;
    h[1] = (h[1] as number) + b;
    h[2] = (h[2] as number) + c;
    h[3] = (h[3] as number) + d;
    h[4] = (h[4] as number) + e;
    h[5] = (h[5] as number) + f;
    h[6] = (h[6] as number) + g;
    h[7] = (h[7] as number) + hh;
  }
}
