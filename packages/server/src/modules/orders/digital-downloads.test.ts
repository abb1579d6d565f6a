/**
 * A digital product's file (issue 30), on each database: staff upload it in the product editor; it
 * is private (not in the media library, not at /media); a paid order's confirmation page, mail and
 * account page give a signed link that expires, and the link streams the exact bytes. Before
 * payment, after a cancel, with an expired or altered link: refused with a page saying what to do.
 */
import { randomBytes } from 'node:crypto';
import { ROLES } from '@storefront/core';
import type { DigitalFileAnswer, MediaPage } from '@storefront/core/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewCustomer, type Customer } from '../accounts/testing.ts';
import { ORDER_PAGES } from '../accounts/order-views.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { cookieHeader, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { makeCheckoutSite } from './testing.ts';

const FILE_API = '/api/config/products/p-ebook/digital-file';
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

    const upload = (staff: Customer, payload: Buffer, productId = 'p-ebook') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/config/products/${productId}/digital-file`,
        headers: {
          cookie: cookieHeader(staff.cookies),
          'x-csrf-token': staff.cookies.crumb ?? '',
          'x-xsrf-token': staff.xsrfToken ?? '',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload,
      });

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
      const saved = await upload(manager, multipart('Field Guide.pdf', pdf));
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = (await manager.request('GET', FILE_API)).json() as DigitalFileAnswer;
      expect(shown.file).toMatchObject({
        fileName: 'Field Guide.pdf',
        contentType: 'application/pdf',
        bytes: pdf.length,
        uploadedBy: 'digital-manager@example.test',
      });
      const library = (await manager.request('GET', '/api/config/media?q=field')).json() as MediaPage;
      expect(library.assets).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/media/Field%20Guide.pdf' })).statusCode).toBe(404);
    });

    it('gives a paid order a signed link on its page, its mail and the account page, which downloads the exact bytes', async () => {
      expect((await upload(manager, multipart('Field Guide.pdf', pdf))).statusCode).toBe(200);
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
      const shown = (await manager.request('GET', FILE_API)).json() as DigitalFileAnswer;
      expect(shown.file).toMatchObject({ fileName: 'Field Guide.pdf', bytes: pdf.length });
    });

    it('replaces and removes the file; only a digital product takes one, and only staff who edit the catalogue', async () => {
      const track = Buffer.concat([Buffer.from('ID3'), randomBytes(40_000)]);
      expect((await upload(manager, multipart('Track One.mp3', track, 'audio/mpeg'))).statusCode).toBe(200);
      const { shopper, confirmationUrl } = await paidOrder();
      const href = downloadHref((await shopper.request('GET', confirmationUrl)).body) ?? '';
      const file = await shopper.request('GET', href);
      expect(file.headers['content-disposition']).toBe('attachment; filename="Track One.mp3"');
      expect(file.rawPayload.equals(track)).toBe(true);

      const physical = await upload(manager, multipart('Tee.pdf', pdf), 'p-tee');
      expect(physical.statusCode).toBe(409);
      expect(physical.json()).toMatchObject({
        message: 'Only a digital product has a file to download. Make the product digital first.',
      });
      const viewer = await signInNewStaff(t, 'digital-viewer@example.test', [ROLES.viewer]);
      expect((await upload(viewer, multipart('Track Two.mp3', track))).statusCode).toBe(403);

      const removed = await manager.request('DELETE', FILE_API);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(((await manager.request('GET', FILE_API)).json() as DigitalFileAnswer).file).toBeNull();
    });
  });
}
