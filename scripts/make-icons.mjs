// Draws the add-in's ribbon and store icons (a white check mark on a rounded blue square) as
// PNG files, with nothing but zlib: no image tooling to install. Run: node scripts/make-icons.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZES = [16, 32, 64, 80, 128];
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const BLUE = [0x10, 0x5e, 0xa8];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x, y), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1).
function insideRoundedSquare(u, v) {
  const r = 0.2;
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

function distanceToSegment(u, v, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(u - (ax + t * dx), v - (ay + t * dy));
}

function onCheck(u, v) {
  const a = [0.25, 0.52];
  const b = [0.43, 0.7];
  const c = [0.76, 0.32];
  return Math.min(distanceToSegment(u, v, a, b), distanceToSegment(u, v, b, c)) <= 0.075;
}

function icon(size) {
  return png(size, (x, y) => {
    let square = 0;
    let check = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const u = (x + (sx + 0.5) / SAMPLES) / size;
        const v = (y + (sy + 0.5) / SAMPLES) / size;
        if (insideRoundedSquare(u, v)) {
          square++;
          if (onCheck(u, v)) check++;
        }
      }
    }
    const n = SAMPLES * SAMPLES;
    if (square === 0) return [0, 0, 0, 0];
    const w = check / square;
    const rgb = BLUE.map((c, i) => Math.round(c * (1 - w) + WHITE[i] * w));
    return [...rgb, Math.round((255 * square) / n)];
  });
}

mkdirSync(OUT, { recursive: true });
for (const size of SIZES) {
  const file = join(OUT, `icon-${size}.png`);
  writeFileSync(file, icon(size));
  console.log(`wrote ${file}`);
}
