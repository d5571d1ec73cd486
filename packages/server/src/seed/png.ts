// Small valid PNG pictures built in code (card types, packs, services): a coloured square with a
// lighter band, so each picture is recognisable without shipping image files.
import zlib from 'node:zlib';
import type { SeedImage } from './bulk';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A `size`×`size` RGB PNG of colour `hex` (`#1a5276`) with a lighter horizontal band. */
export function colouredPng(hex: string, size = 16): SeedImage {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const light = rgb.map((c) => Math.min(255, c + 90));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  const raw = Buffer.alloc(size * (1 + 3 * size));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + 3 * size);
    const colour = y >= size * 0.55 && y < size * 0.7 ? light : rgb;
    for (let x = 0; x < size; x++) raw.set(colour, row + 1 + 3 * x);
  }
  return { bytes: pngBytes(header, raw), contentType: 'image/png' };
}

/** A PNG file from its IHDR fields (13 bytes) and its raw, unfiltered rows. */
export function pngBytes(header: Buffer, raw: Buffer): Buffer {
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
