// Pictures are accepted only when their bytes are a real image (DESIGN.md section 5) of at most
// MAX_IMAGE_SIDE pixels a side: a small file can declare a huge picture (a 12,000 × 12,000 PNG of a
// few hundred bytes decodes to half a gigabyte in every browser that shows it). The sizes are read
// from the headers of the four accepted formats here, a few bounded loops, rather than through a
// general image library: image-size, the usual one, parses twenty formats and has had several
// endless-loop advisories in parsers of formats we never accept (GHSA-m5qc-5hw7-8vg7,
// GHSA-5p2g-fcmc-qvqq, GHSA-w3rx-r6r6-pgpr).
import { HttpProblem } from '../problem';

/** Widest and tallest picture accepted, in pixels. */
export const MAX_IMAGE_SIDE = 4096;

interface Size {
  width: number;
  height: number;
}

interface Format {
  type: string;
  test: (b: Buffer) => boolean;
  /** Every size the image declares (a GIF's frames may each have one), or undefined when unreadable. */
  sizes: (b: Buffer) => Size[] | undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** IHDR is the first chunk: its length (13), its type, then width and height (big-endian). */
function pngSizes(b: Buffer): Size[] | undefined {
  if (b.length < 24 || b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return [{ width: b.readUInt32BE(16), height: b.readUInt32BE(20) }];
}

/** Start-of-frame markers (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC) carry the height, then the width. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the segments up to the first start-of-frame; each step moves forward, so the walk ends. */
function jpegSizes(b: Buffer): Size[] | undefined {
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = b.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > b.length) return undefined;
      return [{ height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) }];
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * The logical screen, then every frame's image descriptor: a frame may reach past the screen, and
 * decoders then grow the canvas to hold it.
 */
function gifSizes(b: Buffer): Size[] | undefined {
  if (b.length < 13) return undefined;
  const sizes: Size[] = [{ width: b.readUInt16LE(6), height: b.readUInt16LE(8) }];
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** Skips a run of data sub-blocks (each a length byte, then that many bytes) and its terminator. */
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
    return at + 1;
  };
  let offset = 13 + colourTable(b[10]!);
  while (offset < b.length) {
    const block = b[offset]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      offset = skipSubBlocks(offset + 2); // extension: introducer, label, data
    } else if (block === 0x2c) {
      if (offset + 10 > b.length) return undefined;
      const left = b.readUInt16LE(offset + 1);
      const top = b.readUInt16LE(offset + 3);
      sizes.push({ width: left + b.readUInt16LE(offset + 5), height: top + b.readUInt16LE(offset + 7) });
      offset = skipSubBlocks(offset + 10 + colourTable(b[offset + 9]!) + 1); // then the LZW code size
    } else {
      return undefined;
    }
  }
  return sizes;
}

/** The first chunk says which bitstream follows: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSizes(b: Buffer): Size[] | undefined {
  if (b.length < 30) return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return [{ width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }];
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return [{ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }];
  }
  if (chunk === 'VP8X') return [{ width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 }];
  return undefined;
}

const FORMATS: Format[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(PNG_SIGNATURE), sizes: pngSizes },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, sizes: jpegSizes },
  {
    type: 'image/gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
    sizes: gifSizes,
  },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
    sizes: webpSizes,
  },
];

const refused = (field: string, detail: string, constraint: string) =>
  new HttpProblem(400, {
    message: 'error.validation',
    detail,
    fieldErrors: [{ objectName: 'body', field, message: constraint }],
  });

/** The picture's width and height, or undefined when its header cannot be read. */
export function imageSize(bytes: Buffer): Size | undefined {
  const format = FORMATS.find((f) => bytes.length >= 12 && f.test(bytes));
  const sizes = format?.sizes(bytes);
  if (!sizes) return undefined;
  return {
    width: Math.max(...sizes.map((s) => s.width)),
    height: Math.max(...sizes.map((s) => s.height)),
  };
}

/**
 * The image type of `bytes`, or a 400 naming the field when they are not a PNG, JPEG, GIF or WebP
 * image whose header can be read, or when the picture is wider or taller than MAX_IMAGE_SIDE.
 */
export function detectImage(bytes: Buffer, field: string): string {
  const format = FORMATS.find((f) => bytes.length >= 12 && f.test(bytes));
  if (!format) throw refused(field, 'The picture is not a PNG, JPEG, GIF or WebP image', 'Image');
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) {
    throw refused(field, 'The picture is damaged: its size cannot be read', 'Image');
  }
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    throw refused(
      field,
      `The picture is ${size.width} × ${size.height} pixels; at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} are accepted`,
      'ImageSize',
    );
  }
  return format.type;
}
