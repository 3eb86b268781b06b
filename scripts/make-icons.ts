// Draws the toolbar icon (a magnifying glass on a rounded square) as PNGs, so no binary tooling is needed.
// Run once with `npx tsx scripts/make-icons.ts`; the PNGs are committed under public/icons/.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function icon(size: number): Buffer {
  const rows: Buffer[] = [];
  const s = size / 16;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const px = (x + 0.5) / s;
      const py = (y + 0.5) / s;
      const corner = Math.max(0, Math.abs(px - 8) - 5) ** 2 + Math.max(0, Math.abs(py - 8) - 5) ** 2;
      const inSquare = corner <= 9;
      const d = Math.hypot(px - 7, py - 7);
      const ring = d >= 3 && d <= 4.6;
      const handle = px > 9.5 && py > 9.5 && px < 13.5 && py < 13.5 && Math.abs(px - py) < 1.2;
      let rgba = [0, 0, 0, 0];
      if (inSquare) rgba = [37, 99, 235, 255];
      if (inSquare && (ring || handle)) rgba = [255, 255, 255, 255];
      row.set(rgba, 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [16, 32, 48, 128]) writeFileSync(`public/icons/icon-${size}.png`, icon(size));
