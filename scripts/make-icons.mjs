// Draws the toolbar icon (a report sheet with a rating bar) as PNGs, so no image tool is needed.
// Run once with `node scripts/make-icons.mjs`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};

function pixel(x, y) {
  // Unit square coordinates.
  const inRounded = (x0, y0, x1, y1, r) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  if (!inRounded(0.04, 0.04, 0.96, 0.96, 0.2)) return [0, 0, 0, 0];
  const sheet = inRounded(0.24, 0.16, 0.76, 0.84, 0.06);
  if (!sheet) return [37, 99, 235, 255];
  if (y > 0.3 && y < 0.38 && x > 0.32 && x < 0.68) return [148, 163, 184, 255];
  if (y > 0.46 && y < 0.54 && x > 0.32 && x < 0.6) return [148, 163, 184, 255];
  if (y > 0.62 && y < 0.74 && x > 0.32 && x < 0.44) return [22, 163, 74, 255];
  if (y > 0.62 && y < 0.74 && x > 0.46 && x < 0.56) return [234, 179, 8, 255];
  if (y > 0.62 && y < 0.74 && x > 0.58 && x < 0.68) return [220, 38, 38, 255];
  return [255, 255, 255, 255];
}

function png(size) {
  const samples = 4; // 4x4 supersampling for smooth edges
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const p = pixel((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          for (let i = 0; i < 3; i++) acc[i] += p[i] * p[3];
          acc[3] += p[3];
        }
      const a = acc[3] / samples ** 2;
      for (let i = 0; i < 3; i++) row[1 + px * 4 + i] = acc[3] ? Math.round(acc[i] / acc[3]) : 0;
      row[1 + px * 4 + 3] = Math.round(a);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [16, 32, 48, 128]) writeFileSync(`public/icon/${size}.png`, png(size));
