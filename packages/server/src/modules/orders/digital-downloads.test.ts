/**
 * A digital product's file (issue 30), on each database: staff upload it in the product editor; it
 * is private (not in the media library, not at /media); a paid order's confirmation page, mail and
 * account page give a signed link that expires, and the link streams the exact bytes. Before
 * payment, after a cancel, with an expired or altered link: refused with a page saying what to do.
 */
import { randomBytes } from 'node:crypto';
import { ROLES } from '@storefront/core';
import type { DigitalFile, MediaPage, ProductInput, ProductRecord } from '@storefront/core/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewCustomer, type Customer } from '../accounts/testing.ts';
import { ORDER_PAGES } from '../accounts/order-views.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { cookieHeader, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { makeCheckoutSite } from './testing.ts';

const FILE_API = '/api/config/digital-files';
const EBOOK_API = '/api/config/products/p-ebook';
const LIMIT = 3_000_000;
const HOUR = 60 * 60 * 1000;
const EXPIRED =
  'This download link has expired. Open your order confirmation page, or the order in your account, for a new link.';
const NOT_VALID =
  'This download link is not valid. Open your order confirmation page, or the order in your account, for a new link.';
const BOUNDARY = 'x-digital-boundary-4Kp';

function multipart(name: string, data: Buffer, type = 'application/pdf'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const inputOf = (record: ProductRecord): ProductInput => {
  const { id: _i, version: _v, updatedOn: _o, updatedBy: _b, currency: _c, url: _u, ...input } = record;
  return input;
};

/** The signed link a page prints for its download, as the browser would follow it. */
const downloadHref = (html: string): string | undefined =>
  /href="(\/checkout\/download\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

for (const database of DATABASES) {
  describe(`[${database.name}] a digital product's file and its signed download link`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    let manager: Customer;
    let clock = Date.UTC(2026, 10, 28, 12);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2_500_000)]);

    const upload = (staff: Customer, payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: FILE_API,
        headers: {
          cookie: cookieHeader(staff.cookies),
          'x-csrf-token': staff.cookies.crumb ?? '',
          'x-xsrf-token': staff.xsrfToken ?? '',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload,
      });

    /** The ebook saved in the editor with `change` (its file, its type). */
    const saveEbook = async (change: Partial<ProductInput>, staff: Customer = manager) => {
      const loaded = (await staff.request('GET', EBOOK_API)).json() as ProductRecord;
      return staff.request('PUT', EBOOK_API, {
        version: loaded.version,
        product: { ...inputOf(loaded), ...change },
      });
    };
    /** A file uploaded and made the ebook's. */
    const giveEbook = async (name: string, data: Buffer, type?: string) => {
      const uploaded = await upload(manager, multipart(name, data, type));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = uploaded.json() as DigitalFile;
      const saved = await saveEbook({ digitalFileId: file.id });
      expect(saved.statusCode, saved.body).toBe(200);
      return file;
    };

    /** A paid order of the ebook and its confirmation page's address. */
    const paidOrder = async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const placed = await shopper.order({
        email: 'reader@example.test',
        name: 'Reader',
        item: { itemId: 'p-ebook' },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const { order, confirmationUrl } = placed.json() as {
        order: { id: string; orderNumber: number; lines: { id: string }[] };
        confirmationUrl: string;
      };
      const paid = await manager.request('POST', `/api/config/orders/${order.orderNumber}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      return { shopper, order, confirmationUrl };
    };

    beforeAll(async () => {
      site = makeCheckoutSite();
      t = await startApp(
        database,
        { siteDir: site.dir, digitalUploadLimitBytes: LIMIT, downloadLinkHours: 24 },
        { downloads: { now: () => clock } },
      );
      manager = await signInNewStaff(t, 'digital-manager@example.test', [ROLES['store-manager']]);
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it('uploads the file in the editor, shows its name and size, and keeps it out of the media library', async () => {
      const file = await giveEbook('Field Guide.pdf', pdf);
      const record = (await manager.request('GET', EBOOK_API)).json() as ProductRecord;
      expect(record.digitalFileId).toBe(file.id);
      const shown = (await manager.request('GET', `${FILE_API}/${file.id}`)).json() as DigitalFile;
      expect(shown).toMatchObject({
        fileName: 'Field Guide.pdf',
        contentType: 'application/pdf',
        bytes: pdf.length,
        uploadedBy: 'digital-manager@example.test',
      });
      const library = (await manager.request('GET', '/api/config/media?q=field')).json() as MediaPage;
      expect(library.assets).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/media/Field%20Guide.pdf' })).statusCode).toBe(404);
    });

    it('gives a paid order a signed link on its confirmation page and in its mail, which downloads the exact bytes', async () => {
      const { shopper, order, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body);
      expect(href).toMatch(/\?expires=\d+&signature=[\w-]+$/);
      const file = await shopper.request('GET', href ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment; filename="Field Guide.pdf"');
      expect(file.rawPayload.equals(pdf)).toBe(true);

      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('ref_id', '=', order.id)
        .where('kind', '=', 'order-paid')
        .executeTakeFirstOrThrow();
      const mailed = new RegExp(
        `${t.config.siteUrl}(/checkout/download/${order.id}/${order.lines[0]?.id}\\S+)`,
      ).exec(mail.body)?.[1];
      const fromMail = await new Shopper(t).request('GET', mailed ?? '');
      expect(fromMail.statusCode).toBe(200);
      expect(fromMail.rawPayload.equals(pdf)).toBe(true);
    });

    it('an account order page gives its paid order a fresh signed link', async () => {
      const reader = (await signInNewCustomer(t, 'account-reader@example.test')).browser;
      await reader.start();
      const placed = await reader.order({
        email: 'account-reader@example.test',
        name: 'Account Reader',
        item: { itemId: 'p-ebook' },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const { orderNumber } = (placed.json() as { order: { orderNumber: number } }).order;
      expect(
        (await manager.request('POST', `/api/config/orders/${orderNumber}/mark-paid`, {})).statusCode,
      ).toBe(200);
      const page = await reader.request('GET', ORDER_PAGES.order(orderNumber));
      expect(page.statusCode, page.body).toBe(200);
      const file = await reader.request('GET', downloadHref(page.body) ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    });

    it('refuses an expired link, saying where a new one is, and the page then gives one that works', async () => {
      const { shopper, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      clock += 24 * HOUR + 1;
      const expired = await shopper.request('GET', href);
      expect(expired.statusCode).toBe(410);
      expect(expired.headers['content-disposition']).toBeUndefined();
      expect(expired.body).toContain(EXPIRED);
      const fresh = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      expect(fresh).not.toBe(href);
      const file = await shopper.request('GET', fresh);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    });

    it('refuses a link without its signature or with any part changed', async () => {
      const { shopper, order, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      const [path, query] = href.split('?') as [string, string];
      const params = new URLSearchParams(query);
      const later = String(Number(params.get('expires')) + 365 * 24 * HOUR);
      const signature = params.get('signature') ?? '';
      const other = await paidOrder();
      const tampered = [
        path,
        `${path}?expires=${later}&signature=${signature}`,
        `${path}?expires=${params.get('expires')}&signature=${signature.slice(0, -2)}xx`,
        `/checkout/download/${other.order.id}/${other.order.lines[0]?.id}?${query}`,
      ];
      for (const url of tampered) {
        const refused = await shopper.request('GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.headers['content-disposition'], url).toBeUndefined();
        expect(refused.body, url).toContain(NOT_VALID);
      }
      expect(order.id).not.toBe(other.order.id);
    });

    it("stops a cancelled order's link", async () => {
      const { shopper, order, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      const cancelled = await manager.request('POST', `/api/config/orders/${order.orderNumber}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const refused = await shopper.request('GET', href);
      expect(refused.statusCode).toBe(410);
      expect(refused.body).toContain(
        'This order was cancelled or refunded, so its downloads are no longer available.',
      );
    });

    it("refuses a file over the limit with the spec's text, and an upload that breaks off, keeping the file it had", async () => {
      const tooLarge = await upload(
        manager,
        multipart('Complete Works.zip', randomBytes(LIMIT + 1), 'application/zip'),
      );
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        message: 'The file Complete Works.zip is too large. The maximum allowed file size is 2.86 MB.',
      });
      const whole = multipart('Broken.epub', randomBytes(1_500_000), 'application/epub+zip');
      const brokenOff = await upload(manager, whole.subarray(0, 1_200_000));
      expect(brokenOff.statusCode).toBe(400);
      expect(brokenOff.json()).toMatchObject({ message: 'File upload failed to complete' });
      const record = (await manager.request('GET', EBOOK_API)).json() as ProductRecord;
      const kept = (
        await manager.request('GET', `${FILE_API}/${record.digitalFileId}`)
      ).json() as DigitalFile;
      expect(kept).toMatchObject({ fileName: 'Field Guide.pdf', bytes: pdf.length });
      const unfinished = await t.app.database.db
        .selectFrom('digital_files')
        .select('id')
        .where('complete', '=', 0)
        .execute();
      expect(unfinished).toEqual([]);
    });

    it('replaces the file (buyers get the new one) and removes it; a file id not uploaded is refused; only staff who edit the catalogue upload', async () => {
      const first = (await manager.request('GET', EBOOK_API)).json() as ProductRecord;
      const track = Buffer.concat([Buffer.from('ID3'), randomBytes(40_000)]);
      await giveEbook('Track One.mp3', track, 'audio/mpeg');
      const { shopper, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      const file = await shopper.request('GET', href);
      expect(file.headers['content-type']).toBe('audio/mpeg');
      expect(file.headers['content-disposition']).toBe('attachment; filename="Track One.mp3"');
      expect(file.rawPayload.equals(track)).toBe(true);

      // A revision brings back the file it had.
      const revisions = (await manager.request('GET', `${EBOOK_API}/revisions`)).json() as {
        revisions: { id: string; version: number }[];
      };
      const before = revisions.revisions.find((r) => r.version === first.version);
      const restored = await manager.request('POST', `${EBOOK_API}/revisions/${before?.id}/restore`, {});
      expect(restored.statusCode, restored.body).toBe(200);
      expect((restored.json() as ProductRecord).digitalFileId).toBe(first.digitalFileId);
      expect((await shopper.request('GET', href)).rawPayload.equals(pdf)).toBe(true);

      const unknown = await saveEbook({ digitalFileId: 'never-uploaded' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: 'There is no such file. Upload the file again.' });
      const viewer = await signInNewStaff(t, 'digital-viewer@example.test', [ROLES.viewer]);
      expect((await upload(viewer, multipart('Track Two.mp3', track))).statusCode).toBe(403);

      const removed = await saveEbook({ digitalFileId: null });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((removed.json() as ProductRecord).digitalFileId).toBeNull();
      const stand = await shopper.request('GET', href);
      expect(stand.statusCode).toBe(200);
      expect(stand.rawPayload.equals(pdf)).toBe(false);
    });
  });
}
