// Draws the app icon (a parcel on a rounded tile) into resources/icon.png without any image library:
// pixels by hand, PNG by zlib. Run once after changing the design: node scripts/make-icon.js
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

function pixel(x, y) {
  if (!inRoundedRect(x, y, 16, 16, SIZE - 16, SIZE - 16, 96)) return [0, 0, 0, 0];
  const t = (x + y) / (2 * SIZE);
  let color = [Math.round(230 - 60 * t), Math.round(90 + 20 * t), Math.round(40 + 30 * t), 255]; // warm orange tile
  if (inRoundedRect(x, y, 128, 176, 384, 400, 20)) color = [250, 236, 210, 255]; // the parcel
  if (x >= 240 && x <= 272 && y >= 176 && y <= 400) color = [200, 150, 90, 255]; // tape
  if (inRoundedRect(x, y, 112, 140, 400, 196, 14)) color = [245, 222, 185, 255]; // lid
  if (x >= 236 && x <= 276 && y >= 140 && y <= 196) color = [190, 140, 80, 255];
  // an arrow across the parcel: cross-border
  const ay = 300;
  if (y >= ay - 10 && y <= ay + 10 && x >= 150 && x <= 330) color = [40, 70, 120, 255];
  if (x >= 320 && x <= 370 && Math.abs(y - ay) <= (370 - x) * 0.9) color = [40, 70, 120, 255];
  return color;
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0;
  for (let x = 0; x < SIZE; x++) {
    const [r, g, b, a] = pixel(x, y);
    const o = y * (SIZE * 4 + 1) + 1 + x * 4;
    raw[o] = r;
    raw[o + 1] = g;
    raw[o + 2] = b;
    raw[o + 3] = a;
  }
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../resources/icon.png', import.meta.url), png);
console.log(`resources/icon.png: ${SIZE}x${SIZE}, ${png.length} bytes`);
