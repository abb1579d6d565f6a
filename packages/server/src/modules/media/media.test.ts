/**
 * The image service over real HTTP (Fastify inject) with real sharp: every width of
 * systemDataVariants in every encoding, Accept negotiation, the disk cache, the focal-point crop,
 * SVG sent untouched, and hostile files refused with a 4xx naming the problem.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { IMAGE_WIDTHS } from '@storefront/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../../testing/app.ts';

const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  jpeg: 'image/jpeg,image/*;q=0.8',
} as const;

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>\n';

/** A PNG whose header claims `width`x`height` (with one empty row of data): what a bomb looks like. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The fixture site with generated media, and a post showing `split.png` with its focal point on the right. */
async function siteWithMedia(): Promise<string> {
  const site = mkdtempSync(join(tmpdir(), 'storefront-media-'));
  dirs.push(site);
  cpSync(FIXTURE_SITE, site, { recursive: true });
  const media = join(site, 'content', 'media');
  const photo = await sharp({
    create: { width: 2600, height: 1300, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(join(media, 'photo.jpg'), photo);
  // Left half red, right half blue.
  const split = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0000ff' } })
          .png()
          .toBuffer(),
        left: 500,
        top: 0,
      },
    ])
    .removeAlpha()
    .png()
    .toBuffer();
  writeFileSync(join(media, 'split.png'), split);
  const clear = await sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  writeFileSync(join(media, 'clear.png'), clear);
  writeFileSync(join(media, 'logo.svg'), SVG);
  writeFileSync(join(media, 'truncated.jpg'), photo.subarray(0, Math.floor(photo.length / 2)));
  writeFileSync(join(media, 'bomb.png'), pngClaiming(100_000, 100_000));
  writeFileSync(join(media, 'empty.png'), pngClaiming(0, 0));
  writeFileSync(
    join(media, 'noise.jpg'),
    Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)),
  );
  const journalFile = join(site, 'content', 'collections', 'journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  Object.assign(journal.items[0], {
    assetUrl: '/media/split.png',
    mediaFocalPoint: { x: 0.95, y: 0.5 },
    originalSize: '1000x500',
  });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return site;
}

for (const database of DATABASES) {
  describe(`[${database.name}] the image service (/media/*)`, () => {
    let t: TestApp;
    const get = (url: string, accept: string = ACCEPT.jpeg, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { accept, ...headers } });

    beforeAll(async () => {
      t = await startApp(database, { siteDir: await siteWithMedia() });
    });
    afterAll(async () => t?.close());

    for (const [format, accept] of Object.entries(ACCEPT))
      for (const step of IMAGE_WIDTHS) {
        it(`?format=${step} for a browser taking ${format} is a ${format} ${step.replace('w', '')} pixels wide`, async () => {
          const res = await get(`/media/photo.jpg?format=${step}`, accept);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe(`image/${format}`);
          expect(res.headers.vary).toMatch(/Accept/);
          const meta = await sharp(res.rawPayload).metadata();
          expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
          if (format === 'avif') expect(meta.compression).toBe('av1');
          expect(meta.width).toBe(Number.parseInt(step, 10));
          expect(meta.height).toBe(Number.parseInt(step, 10) / 2);
        });
      }

    it('never enlarges: 2500w of a 1000-pixel image is 1000 pixels wide; transparency falls back to PNG, not JPEG', async () => {
      const res = await get('/media/split.png?format=2500w', 'image/jpeg');
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
      const clear = await get('/media/clear.png?format=300w', 'image/jpeg');
      expect(clear.headers['content-type']).toBe('image/png');
      const meta = await sharp(clear.rawPayload).metadata();
      expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['png', 300, true]);
    });

    it('negotiates by Accept: q=0 refuses a type; no Accept at all gets JPEG', async () => {
      expect(
        (await get('/media/photo.jpg?format=300w', 'image/avif;q=0, image/webp')).headers['content-type'],
      ).toBe('image/webp');
      const bare = await t.app.inject({ method: 'GET', url: '/media/photo.jpg?format=300w' });
      expect(bare.headers['content-type']).toBe('image/jpeg');
    });

    it('keeps each variant on disk: asked again, or asked twice at once, it is encoded once; the ETag answers 304', async () => {
      const store = t.app.mediaVariants;
      const before = store.encodes;
      const [a, b, c] = await Promise.all([
        get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.webp),
        get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.webp),
        get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.webp),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(store.encodes).toBe(before + 1);
      const again = await get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.webp);
      expect(store.encodes).toBe(before + 1);
      expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(again.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      const etag = again.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const revalidated = await get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.webp, {
        'if-none-match': etag,
      });
      expect(revalidated.statusCode).toBe(304);
      // Another encoding of the same width is another variant, with another tag.
      const avif = await get('/media/photo.jpg?format=750w&aspect=1:1', ACCEPT.avif);
      expect(avif.headers.etag).not.toBe(etag);
      expect(store.encodes).toBe(before + 2);
    });

    it("crops to an aspect ratio around the content's mediaFocalPoint", async () => {
      const res = await get('/media/split.png?format=300w&aspect=1:1');
      expect(res.statusCode).toBe(200);
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([300, 300]);
      // The focal point (0.95, 0.5) is in the blue half: the square is the blue half, not the centre.
      const centre = (150 * 300 + 150) * info.channels;
      expect(data[centre + 2]).toBeGreaterThan(200);
      expect(data[centre]).toBeLessThan(50);
    });

    it('sends SVG untouched, as image/svg+xml in a sandbox, whatever the format asked', async () => {
      for (const url of ['/media/logo.svg', '/media/logo.svg?format=500w']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(SVG);
        expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
        expect(res.headers['content-security-policy'], url).toMatch(/(^|; )sandbox$/);
      }
    });

    it('sends the original bytes without ?format and for ?format=original', async () => {
      const original = readFileSync(join(t.config.siteDir, 'content', 'media', 'photo.jpg'));
      for (const url of ['/media/photo.jpg', '/media/photo.jpg?format=original']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.equals(original), url).toBe(true);
      }
    });

    const HOSTILE: { file: string; status: number; code: string; message: RegExp }[] = [
      {
        file: 'truncated.jpg',
        status: 422,
        code: 'media-unreadable',
        message: /^The image truncated\.jpg cannot be read: /,
      },
      {
        file: 'bomb.png',
        status: 422,
        code: 'media-too-large',
        message:
          /^The image bomb\.png is 100000x100000 pixels; this server resizes images of at most 50000000 pixels\.$/,
      },
      {
        file: 'empty.png',
        status: 422,
        code: 'media-unreadable',
        message: /^The image empty\.png cannot be read: /,
      },
      {
        file: 'noise.jpg',
        status: 415,
        code: 'media-unsupported',
        message: /^noise\.jpg is not an image this server resizes/,
      },
    ];
    for (const hostile of HOSTILE)
      it(`refuses ${hostile.file} with ${hostile.status} ${hostile.code}, every time, and keeps serving`, async () => {
        const encodes: number[] = [];
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await get(`/media/${hostile.file}?format=500w`);
          expect(res.statusCode).toBe(hostile.status);
          expect(res.json().code).toBe(hostile.code);
          expect(res.json().message).toMatch(hostile.message);
          encodes.push(t.app.mediaVariants.encodes);
        }
        // Asked again, the refusal is remembered: nothing is decoded twice.
        expect(encodes[1]).toBe(encodes[0]);
        expect((await get('/media/photo.jpg?format=100w')).statusCode).toBe(200);
      });

    it('refuses a width that is not a step of systemDataVariants, and an unknown crop', async () => {
      const width = await get('/media/photo.jpg?format=640w');
      expect(width.statusCode).toBe(400);
      expect(width.json()).toEqual({
        code: 'invalid-request',
        message: 'Invalid query: format: use one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w or original',
      });
      const aspect = await get('/media/photo.jpg?format=500w&aspect=7:5');
      expect(aspect.statusCode).toBe(400);
      expect(aspect.json().message).toMatch(/^Invalid query: aspect: use one of 1:1, /);
    });

    it('answers 404 for a missing file, a hidden one and one outside the media folder', async () => {
      for (const url of [
        '/media/nope.jpg?format=500w',
        '/media/.hidden.jpg?format=500w',
        '/media/../website.json?format=500w',
      ])
        expect((await get(url)).statusCode, url).toBe(404);
    });
  });
}
