/**
 * The media library over real HTTP (Fastify inject), on each database: uploads kept in the
 * database and served at `/media/<name>` (resized on demand) by this instance and by a second one
 * sharing only the database; the spec's refusals (size limit, broken upload, undecodable image) and
 * a decompression bomb; SVG script stripped and sandboxed; delete refused while a file is used;
 * content/media imported once; who may call what.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { hasPermission, ROLES, type RoleCode } from '@storefront/core';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Customer } from '../accounts/testing.ts';
import { cookieHeader, DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/media';
const LIMIT = 1_000_000;

type Upload = { name: string; data: Buffer; type?: string };

function multipart(files: readonly Upload[], boundary = 'x-storefront-boundary-7Mq'): Buffer {
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
}

/** A PNG whose header claims `width`x`height` with one empty row of data: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    }
    return (crc ^ 0xffffffff) >>> 0;
  };
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

const photo = (width: number, height: number, colour = { r: 200, g: 120, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="alert(1)">' +
  '<script>alert(2)</script><rect width="20" height="20" fill="teal"/>' +
  '<a href="javascript:alert(3)"><text y="10">x</text></a></svg>';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** The fixture site with `media` in its content/media, and its first journal post showing `/media/kiln.jpg`. */
function siteWith(media: Record<string, Buffer>): string {
  const site = tempDir('storefront-media-library-');
  cpSync(FIXTURE_SITE, site, { recursive: true });
  for (const [name, data] of Object.entries(media)) writeFileSync(join(site, 'content', 'media', name), data);
  const journalFile = join(site, 'content', 'collections', 'journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  Object.assign(journal.items[0], { assetUrl: '/media/kiln.jpg' });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return site;
}

/** A staff member's call: their cookies, crumb and xsrfToken, any method, a JSON or multipart body. */
function call(
  app: FastifyInstance,
  staff: Customer | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: { json: unknown } | { files: readonly Upload[] } | { raw: Buffer; boundary: string },
) {
  const headers: Record<string, string> = {};
  if (staff) {
    headers.cookie = cookieHeader(staff.cookies);
    if (method !== 'GET') {
      headers['x-csrf-token'] = staff.cookies.crumb ?? '';
      headers['x-xsrf-token'] = staff.xsrfToken ?? '';
    }
  }
  let payload: string | Buffer | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body && 'files' in body) {
    headers['content-type'] = 'multipart/form-data; boundary=x-storefront-boundary-7Mq';
    payload = multipart(body.files);
  } else if (body) {
    headers['content-type'] = `multipart/form-data; boundary=${body.boundary}`;
    payload = body.raw;
  }
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

for (const database of DATABASES) {
  describe(`[${database.name}] the media library`, () => {
    let t: TestApp;
    let kiln: Buffer;
    let admin: Customer;
    let made = 0;
    const staff = async (...roles: RoleCode[]): Promise<Customer & { email: string }> => {
      const email = `media-staff-${++made}@example.test`;
      return Object.assign(await signInNewStaff(t, email, roles), { email });
    };
    const upload = (files: readonly Upload[], who: Customer = admin) =>
      call(t.app, who, 'POST', API, { files });

    beforeAll(async () => {
      kiln = await photo(1200, 800);
      t = await startApp(database, {
        siteDir: siteWith({ 'kiln.jpg': kiln, 'clash.jpg': await photo(300, 200) }),
        mediaUploadLimitBytes: LIMIT,
      });
      admin = await staff(ROLES.admin);
    });
    afterAll(async () => t?.close());

    it('keeps uploaded files in the database and serves them at /media/<name>, resized on demand', async () => {
      const large = await photo(3000, 2000);
      const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#0f08' } })
        .png()
        .toBuffer();
      const res = await upload([
        { name: 'Linen Shirt (oat).JPG', data: large, type: 'image/jpeg' },
        { name: 'label.png', data: png },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const [shirt, label] = res.json().assets;
      expect(shirt).toMatchObject({
        url: '/media/linen-shirt-oat.jpg',
        fileName: 'linen-shirt-oat.jpg',
        contentType: 'image/jpeg',
        bytes: large.length,
        width: 3000,
        height: 2000,
        alt: '',
        usedBy: [],
      });
      expect(label).toMatchObject({
        fileName: 'label.png',
        contentType: 'image/png',
        width: 640,
        height: 480,
      });

      const original = await t.app.inject({ method: 'GET', url: shirt.url });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.rawPayload.equals(large)).toBe(true);
      const resized = await t.app.inject({
        method: 'GET',
        url: `${shirt.url}?format=500w`,
        headers: { accept: 'image/webp,*/*' },
      });
      expect(resized.statusCode).toBe(200);
      expect(resized.headers['content-type']).toBe('image/webp');
      expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ width: 500, height: 333 });
    });

    it('names a clash uniquely: clash.jpg already taken (from content/media) becomes clash-2.jpg, then clash-3.jpg', async () => {
      const first = await upload([{ name: 'clash.jpg', data: await photo(40, 40) }]);
      const second = await upload([{ name: 'clash.jpg', data: await photo(50, 50) }]);
      expect(first.json().assets[0].fileName).toBe('clash-2.jpg');
      expect(second.json().assets[0].fileName).toBe('clash-3.jpg');
      // Named for what the bytes are, not what the name says.
      const misnamed = await upload([{ name: 'really-a-png.jpg', data: await sharp(kiln).png().toBuffer() }]);
      expect(misnamed.json().assets[0]).toMatchObject({
        fileName: 'really-a-png.png',
        contentType: 'image/png',
      });
    });

    it('accepts JPEG, PNG, WebP, AVIF, GIF and SVG, told apart by their bytes', async () => {
      const base = sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } });
      const files: Upload[] = [
        { name: 'a.jpg', data: await base.clone().jpeg().toBuffer() },
        { name: 'a.png', data: await base.clone().png().toBuffer() },
        { name: 'a.webp', data: await base.clone().webp().toBuffer() },
        { name: 'a.avif', data: await base.clone().avif().toBuffer() },
        { name: 'a.gif', data: await base.clone().gif().toBuffer() },
        {
          name: 'a.svg',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"/>'),
        },
      ];
      const res = await upload(files);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().assets.map((a: { contentType: string }) => a.contentType)).toEqual([
        'image/jpeg',
        'image/png',
        'image/webp',
        'image/avif',
        'image/gif',
        'image/svg+xml',
      ]);
    });

    it('refuses a file over the configured limit with the spec text, keeping nothing of the request', async () => {
      const before = (await call(t.app, admin, 'GET', `${API}?q=too-big`)).json().assets.length;
      const res = await upload([
        { name: 'fine.jpg', data: await photo(10, 10) },
        { name: 'too-big.jpg', data: Buffer.alloc(LIMIT + 1, 1) },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'media.file-too-large',
        message: 'The file too-big.jpg is too large. The maximum allowed file size is 976.56 KB.',
      });
      expect((await call(t.app, admin, 'GET', `${API}?q=fine`)).json().assets).toEqual([]);
      expect((await call(t.app, admin, 'GET', `${API}?q=too-big`)).json().assets.length).toBe(before);
    });

    it('counts the limit in MB of 1,000,000 bytes (default 20) and prints it in units of 1024', () => {
      expect(loadConfig({}, '/srv').mediaUploadLimitBytes).toBe(20_000_000);
      expect(loadConfig({ MEDIA_UPLOAD_LIMIT_MB: '5' }, '/srv').mediaUploadLimitBytes).toBe(5_000_000);
      expect(() => loadConfig({ MEDIA_UPLOAD_LIMIT_MB: 'lots' }, '/srv')).toThrow(/MEDIA_UPLOAD_LIMIT_MB/);
    });

    it('answers "File upload failed to complete" when the upload breaks off, and keeps nothing', async () => {
      const whole = multipart([{ name: 'broken-off.jpg', data: await photo(400, 300) }], 'cut-here');
      const res = await call(t.app, admin, 'POST', API, {
        raw: whole.subarray(0, Math.floor(whole.length / 2)),
        boundary: 'cut-here',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'media.upload-incomplete',
        message: 'File upload failed to complete',
      });
      expect((await call(t.app, admin, 'GET', `${API}?q=broken-off`)).json().assets).toEqual([]);
    });

    it('answers "File processing failed" for an image that does not decode, and refuses what is no image', async () => {
      const truncated = await upload([
        { name: 'half.jpg', data: kiln.subarray(0, Math.floor(kiln.length / 2)) },
      ]);
      expect(truncated.statusCode).toBe(422);
      expect(truncated.json()).toMatchObject({
        code: 'media.processing-failed',
        message: 'File processing failed',
      });
      const noise = await upload([
        { name: 'noise.jpg', data: Buffer.from('not an image at all, just words') },
      ]);
      expect(noise.statusCode).toBe(415);
      expect(noise.json()).toEqual({
        code: 'media.upload-unsupported',
        message: 'The file noise.jpg is not a JPEG, PNG, WebP, AVIF, GIF or SVG image.',
      });
      const empty = await call(t.app, admin, 'POST', API, { json: { files: [] } });
      expect(empty.statusCode).toBe(415);
    });

    it('refuses a decompression bomb from its header, before decoding it', async () => {
      const res = await upload([{ name: 'bomb.png', data: pngClaiming(100_000, 100_000) }]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'media.upload-too-many-pixels',
        message: 'The image bomb.png is 100000×100000 pixels; the largest accepted is 50 megapixels.',
      });
    });

    it('strips script and event handlers from an uploaded SVG and serves it sandboxed, as an attachment', async () => {
      const res = await upload([{ name: 'logo.svg', data: Buffer.from(HOSTILE_SVG), type: 'image/svg+xml' }]);
      expect(res.statusCode, res.body).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: res.json().assets[0].url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.body).toMatch(/^<svg /);
      expect(served.body).toContain('<rect');
      expect(served.body).not.toMatch(/script|onload|javascript:|alert/i);
      expect(served.headers['content-security-policy']).toMatch(/(^|; )sandbox$/);
      expect(served.headers['content-disposition']).toBe('attachment; filename="logo.svg"');
    });

    it('refuses to delete a file while the content uses it, naming where; deletes it once unused', async () => {
      const listed = (await call(t.app, admin, 'GET', `${API}?q=kiln`)).json().assets;
      const asset = listed.find((a: { fileName: string }) => a.fileName === 'kiln.jpg');
      expect(asset.usedBy).toEqual([{ kind: 'post', id: expect.any(String), title: expect.any(String) }]);
      const title = asset.usedBy[0].title;
      const refused = await call(t.app, admin, 'DELETE', `${API}/${asset.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'media.in-use',
        message: `kiln.jpg is used by post “${title}”: remove it there before deleting it.`,
      });
      expect((await t.app.inject({ method: 'GET', url: '/media/kiln.jpg' })).statusCode).toBe(200);

      // The post stops showing it (as the editor would save it).
      await t.app.database.db
        .updateTable('items')
        .set((eb) => ({
          data: eb.fn('replace', ['data', eb.val('/media/kiln.jpg'), eb.val('/media/elsewhere.jpg')]),
        }))
        .execute();
      const deleted = await call(t.app, admin, 'DELETE', `${API}/${asset.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/media/kiln.jpg' })).statusCode).toBe(404);
      expect((await call(t.app, admin, 'GET', `${API}/${asset.id}`)).json().code).toBe('not-found');
    });

    it('edits alt text, and lists newest first by pages with a search by name', async () => {
      const made = await upload([
        { name: 'page-a.jpg', data: await photo(20, 20) },
        { name: 'page-b.jpg', data: await photo(21, 20) },
        { name: 'page-c.jpg', data: await photo(22, 20) },
      ]);
      const [a] = made.json().assets;
      const patched = await call(t.app, admin, 'PATCH', `${API}/${a.id}`, {
        json: { version: a.version, alt: '  A folded linen shirt ' },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().alt).toBe('A folded linen shirt');
      expect((await call(t.app, admin, 'GET', `${API}/${a.id}`)).json().alt).toBe('A folded linen shirt');

      const first = (await call(t.app, admin, 'GET', `${API}?q=PAGE-&limit=2`)).json();
      expect(first.assets).toHaveLength(2);
      expect(first.hasNextPage).toBe(true);
      const rest = (
        await call(t.app, admin, 'GET', `${API}?q=page-&limit=2&cursor=${first.nextPageCursor}`)
      ).json();
      expect(rest).toMatchObject({ hasNextPage: false, nextPageCursor: null });
      const names = [...first.assets, ...rest.assets].map((x: { fileName: string }) => x.fileName).sort();
      expect(names).toEqual(['page-a.jpg', 'page-b.jpg', 'page-c.jpg']);
      expect((await call(t.app, admin, 'GET', `${API}?cursor=nonsense`)).statusCode).toBe(400);
    });

    it('refuses a save made on a stale version, naming who saved and when; a restored revision brings the old alt text back', async () => {
      const id = (await upload([{ name: 'two-staff.jpg', data: await photo(30, 20) }])).json().assets[0].id;
      const ada = await staff(ROLES.admin);
      const bea = await staff(ROLES['store-manager']);
      const opened = (await call(t.app, bea, 'GET', `${API}/${id}`)).json();
      expect(opened).toMatchObject({ alt: '', title: '', focalPoint: { x: 0.5, y: 0.5 } });

      const first = await call(t.app, ada, 'PATCH', `${API}/${id}`, {
        json: {
          version: opened.version,
          alt: 'A teal bowl',
          title: 'Bowl',
          focalPoint: { x: 0.25, y: 0.75 },
        },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        alt: 'A teal bowl',
        title: 'Bowl',
        focalPoint: { x: 0.25, y: 0.75 },
        version: opened.version + 1,
        updatedBy: ada.email,
      });

      const stale = await call(t.app, bea, 'PATCH', `${API}/${id}`, {
        json: { version: opened.version, alt: 'Bea typed this' },
      });
      expect(stale.statusCode).toBe(409);
      const { updatedOn } = first.json();
      const wall = new Date(updatedOn).toLocaleString('sv-SE', { timeZone: 'America/New_York' }).slice(0, 16);
      expect(stale.json()).toEqual({
        code: 'record-changed',
        message: `${ada.email} saved this file at ${wall} (America/New_York), after you opened it. What you typed is still here: check their changes, then save again.`,
        changedBy: ada.email,
        changedOn: updatedOn,
        currentVersion: opened.version + 1,
      });
      expect((await call(t.app, bea, 'GET', `${API}/${id}`)).json().alt).toBe('A teal bowl');

      const second = await call(t.app, bea, 'PATCH', `${API}/${id}`, {
        json: { version: stale.json().currentVersion, alt: 'Bea typed this' },
      });
      expect(second.statusCode).toBe(200);
      const history = (await call(t.app, bea, 'GET', `${API}/${id}/revisions`)).json();
      expect(history.revisions).toMatchObject([
        { version: opened.version + 2, savedBy: bea.email, changes: ['Alt text'] },
        { version: opened.version + 1, savedBy: ada.email, changes: ['Alt text', 'Title', 'Focal point'] },
        { version: opened.version, changes: ['As it was before the first edit in the back office'] },
      ]);
      const adaRevision = history.revisions[1].id;
      const restored = await call(t.app, bea, 'POST', `${API}/${id}/revisions/${adaRevision}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({
        alt: 'A teal bowl',
        title: 'Bowl',
        version: opened.version + 3,
      });
      const original = history.revisions[2].id;
      await call(t.app, ada, 'POST', `${API}/${id}/revisions/${original}/restore`);
      const now = (await call(t.app, ada, 'GET', `${API}/${id}`)).json();
      expect(now).toMatchObject({
        alt: '',
        title: '',
        focalPoint: { x: 0.5, y: 0.5 },
        version: opened.version + 4,
      });
      const latest = (await call(t.app, ada, 'GET', `${API}/${id}/revisions`)).json().revisions[0];
      expect(latest).toMatchObject({ savedBy: ada.email, changes: [`Restored version ${opened.version}`] });
      expect(
        (await call(t.app, ada, 'POST', `${API}/${id}/revisions/no-such-revision/restore`)).json().code,
      ).toBe('not-found');
    });

    it('lets only staff who write pages or products change the library; every staff member reads it', async () => {
      const id = (await upload([{ name: 'roles.jpg', data: await photo(20, 20) }])).json().assets[0].id;
      expect((await call(t.app, undefined, 'GET', API)).statusCode).toBe(401);
      for (const role of Object.values(ROLES)) {
        const member = await staff(role);
        const edits = hasPermission([role], 'media.edit');
        const reads = hasPermission([role], 'backoffice.read');
        const expected = (allowed: boolean, status: number) => (allowed ? status : 403);
        expect((await call(t.app, member, 'GET', API)).statusCode, `role ${role} list`).toBe(
          expected(reads, 200),
        );
        expect((await call(t.app, member, 'GET', `${API}/${id}`)).statusCode, `role ${role} one`).toBe(
          expected(reads, 200),
        );
        expect(
          (
            await call(t.app, member, 'PATCH', `${API}/${id}`, {
              json: {
                version: (await call(t.app, admin, 'GET', `${API}/${id}`)).json().version,
                alt: `by ${role}`,
              },
            })
          ).statusCode,
          `role ${role} alt`,
        ).toBe(expected(edits, 200));
        expect(
          (await upload([{ name: `by-${role}.jpg`, data: await photo(10, 10) }], member)).statusCode,
          `role ${role} upload`,
        ).toBe(expected(edits, 201));
        expect(
          (await call(t.app, member, 'DELETE', `${API}/missing`)).statusCode,
          `role ${role} delete`,
        ).toBe(expected(edits, 404));
      }
    });

    it('is served by a second instance that shares only the database, and content/media is imported once', async () => {
      const uploaded = await photo(1600, 900);
      const shared = await upload([{ name: 'scale-out.jpg', data: uploaded }]);
      const asset = shared.json().assets[0];
      const unused = (await call(t.app, admin, 'GET', `${API}?q=clash`))
        .json()
        .assets.find((a: { fileName: string }) => a.fileName === 'clash.jpg');
      expect((await call(t.app, admin, 'DELETE', `${API}/${unused.id}`)).statusCode).toBe(200);

      // Another site folder (its content/media holds a new file and one named as an upload) and,
      // on PostgreSQL, another data folder: nothing of the first instance's disk.
      const newFile = await photo(64, 64, { r: 10, g: 200, b: 10 });
      const otherSite = siteWith({
        'fresh.jpg': newFile,
        'clash.jpg': await photo(300, 200),
        'scale-out.jpg': kiln,
      });
      const second = await buildApp(
        {
          ...t.config,
          siteDir: otherSite,
          ...(t.config.databaseUrl ? { dataDir: tempDir('storefront-second-') } : {}),
        },
        { logger: false },
      );
      try {
        const original = await second.inject({ method: 'GET', url: asset.url });
        expect(original.statusCode).toBe(200);
        // The upload, not the file of the same name in this instance's content/media.
        expect(original.rawPayload.equals(uploaded)).toBe(true);
        const resized = await second.inject({ method: 'GET', url: `${asset.url}?format=300w` });
        expect(resized.statusCode).toBe(200);
        expect((await sharp(resized.rawPayload).metadata()).width).toBe(300);
        // A new name in content/media is imported; a name deleted since its import stays deleted.
        const fresh = await second.inject({ method: 'GET', url: '/media/fresh.jpg' });
        expect(fresh.rawPayload.equals(newFile)).toBe(true);
        expect((await second.inject({ method: 'GET', url: '/media/clash.jpg' })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: '/media/fresh.jpg' })).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    });
  });
}
