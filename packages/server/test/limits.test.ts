// Limits a client cannot push past: a picture's pixel size (a small file may declare a huge picture,
// which every browser showing it would decode), and the event streams one login holds open.
import { pngBytes } from '../src/seed/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeStreamEvents } from '@bank/domain';
import { MAX_IMAGE_SIDE, detectImage, imageSize } from '../src/engine/images';
import { MAX_STREAMS_PER_LOGIN } from '../src/modules/events/routes';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A PNG that declares `width` × `height` pixels in a few dozen bytes (one deflated row, then the end). */
function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return pngBytes(header, Buffer.alloc(1 + width));
}

/** A baseline JPEG's first segments: SOI, an APP0 (JFIF) to walk past, then SOF0 with the size. */
function jpegOf(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xff]), sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF of a `screen` × `screen` logical screen holding one frame of `frame` × `frame` pixels. */
function gifOf(screen: number, frame: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(screen, 6);
  head.writeUInt16LE(screen, 8);
  // A graphic control extension to walk past, then the frame.
  const extension = Buffer.from([0x21, 0xf9, 0x04, 0, 0, 0, 0, 0x00]);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(frame, 5);
  descriptor.writeUInt16LE(frame, 7);
  const data = Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]); // LZW code size, one sub-block, terminator
  return Buffer.concat([head, extension, descriptor, data, Buffer.from([0x3b])]);
}

function webpOf(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(kind, 12, 'latin1');
  b.writeUInt32LE(20, 16);
  if (kind === 'VP8 ') {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (kind === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
}

describe('picture size', () => {
  const post = async (picture: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/core/api/card-types',
      headers: bearer(await t.tokenFor('admin')),
      payload: { label: 'Carte test', picture: picture.toString('base64'), pictureContentType: 'image/png' },
    });

  it('refuses a 12,000 × 12,000 PNG of a few bytes with a 400 naming the field', async () => {
    const picture = pngOf(12_000, 12_000);
    expect(picture.length).toBeLessThan(200);
    const response = await post(picture);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'error.validation',
      detail: expect.stringContaining('12000 × 12000'),
      fieldErrors: [{ objectName: 'cardType', field: 'picture', message: 'ImageSize' }],
    });
  });

  it(`takes ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE}, refuses one pixel more either way`, async () => {
    expect((await post(pngOf(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))).statusCode).toBe(201);
    expect((await post(pngOf(MAX_IMAGE_SIDE + 1, 10))).statusCode).toBe(400);
    expect((await post(pngOf(10, MAX_IMAGE_SIDE + 1))).statusCode).toBe(400);
  });

  it('refuses a picture whose header cannot be read (a PNG signature, then no IHDR)', async () => {
    const response = await post(Buffer.concat([pngOf(1, 1).subarray(0, 8), Buffer.from('not a header at all')]));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ objectName: 'cardType', field: 'picture', message: 'Image' }]);
  });

  it('reads the size of every accepted format from its header', () => {
    expect(imageSize(pngOf(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpegOf(800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize(gifOf(32, 16))).toEqual({ width: 32, height: 32 });
    expect(imageSize(webpOf('VP8 ', 300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(webpOf('VP8L', 300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(webpOf('VP8X', 5000, 200))).toEqual({ width: 5000, height: 200 });
  });

  it.each([
    ['a JPEG', jpegOf(12_000, 12_000), 'image/jpeg'],
    ['a GIF frame larger than its screen', gifOf(16, 12_000), 'image/gif'],
    ['a lossy WebP', webpOf('VP8 ', 12_000, 100), 'image/webp'],
    ['a lossless WebP', webpOf('VP8L', 100, 12_000), 'image/webp'],
    ['an extended WebP', webpOf('VP8X', 12_000, 12_000), 'image/webp'],
  ])('refuses %s over the limit, takes it under', (_what, big, type) => {
    expect(() => detectImage(big, 'picture')).toThrow(/at most 4096 × 4096/);
    const small = { 'image/jpeg': jpegOf(64, 64), 'image/gif': gifOf(64, 64), 'image/webp': webpOf('VP8X', 64, 64) };
    expect(detectImage(small[type as keyof typeof small], 'picture')).toBe(type);
  });
});

/** An event stream read as the web app reads it, with whether the server has ended it. */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${base}/core/api/events`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: Array<{ event: string; data: unknown }> = [];
  const state = { ended: false };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      const taken = takeStreamEvents(buffer + value);
      buffer = taken.rest;
      events.push(...taken.events);
    }
    state.ended = true;
  })();
  const opened = async () => {
    while (!events.some((e) => e.event === 'pending')) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  await opened();
  return { events, state, ended, close: () => controller.abort() };
}

describe('event streams per login', () => {
  it(`keeps ${MAX_STREAMS_PER_LOGIN} per login: one more closes the oldest, telling it why`, async () => {
    const manager = bearer(await t.tokenFor('manager'));
    const desk = await openStream(bearer(await t.tokenFor('responsabledesk')));
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_LOGIN; i++) streams.push(await openStream(manager));
    expect(streams.some((s) => s.state.ended)).toBe(false);

    streams.push(await openStream(manager));
    await streams[0]!.ended;
    expect(streams[0]!.events.at(-1)).toEqual({
      event: 'closed',
      data: { reason: 'superseded', limit: MAX_STREAMS_PER_LOGIN },
    });
    // The newest five of this login stay, and another login's stream is not counted with them.
    expect(streams.slice(1).map((s) => s.state.ended)).toEqual(Array(MAX_STREAMS_PER_LOGIN).fill(false));
    expect(desk.state.ended).toBe(false);

    // A stream that ends by itself frees its place: the next one closes no other.
    streams[1]!.close();
    await streams[1]!.ended;
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.push(await openStream(manager));
    expect(streams.slice(2).map((s) => s.state.ended)).toEqual(Array(MAX_STREAMS_PER_LOGIN).fill(false));
    // And the one after that closes the oldest left.
    streams.push(await openStream(manager));
    await streams[2]!.ended;
    expect(streams.slice(3).map((s) => s.state.ended)).toEqual(Array(MAX_STREAMS_PER_LOGIN).fill(false));

    for (const stream of [desk, ...streams]) stream.close();
  });
});
