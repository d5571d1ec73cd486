// Pictures are accepted only when their bytes are a real image (DESIGN.md section 5).
import { HttpProblem } from '../problem';

const SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of `bytes`, or a 400 naming the field when they are not a PNG, JPEG, GIF or WebP image. */
export function detectImage(bytes: Buffer, field: string): string {
  const match = SIGNATURES.find((signature) => bytes.length >= 12 && signature.test(bytes));
  if (!match) {
    throw new HttpProblem(400, {
      message: 'error.validation',
      detail: 'The picture is not a PNG, JPEG, GIF or WebP image',
      fieldErrors: [{ objectName: 'body', field, message: 'Image' }],
    });
  }
  return match.type;
}
