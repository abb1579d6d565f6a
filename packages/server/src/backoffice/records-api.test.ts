/**
 * The back office's records (issue 15): form submissions (list, detail under the field titles, CSV,
 * delete), the mail outbox (status, error, retry of a failed mail at a real SMTP peer), the
 * dashboard, and the stock ledger's entries from checkout, cancellation and content sync, with its
 * CSV export. The refusals of every role are in accounts/security.test.ts (STAFF_ROUTES).
 */
import { randomUUID } from 'node:crypto';
import type { RoleCode } from '@storefront/core';
import { afterAll, describe, expect, it } from 'vitest';
import { Customer, makeAccount } from '../modules/accounts/testing.ts';
import { CUSTOMER } from '../modules/orders/testing.ts';
import { syncContent } from '../modules/catalogue/content-sync.ts';
import { EVERY_TYPE_ANSWERS, makeFormSite, smtpPeer, waitFor } from '../modules/forms/testing.ts';
import { queueMail } from '../platform/mail/mail.ts';
import { loadContent } from '../platform/site/loader.ts';
import { appForSuite, DATABASES, startApp, type SuiteApp, type TestApp } from '../testing/app.ts';
import { placeOrder, signInNewStaff } from '../testing/back-office.ts';
import { parseCsv } from '../testing/csv.ts';

const API = '/api/config';

for (const database of DATABASES) {
  describe(`[${database.name}] back office: submissions, outbox, dashboard, ledger`, () => {
    const site = makeFormSite();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    let made = 0;

    async function staffOf(app: TestApp, ...roles: RoleCode[]): Promise<Customer> {
      return signInNewStaff(app, `records-${++made}@example.test`, roles);
    }
    const staff = (...roles: RoleCode[]) => staffOf(t, ...roles);
    const failedMail = async (db: SuiteApp['db'], subject: string) => {
      const id = await queueMail(db, {
        kind: 'test-retry',
        refId: null,
        to: 'retry@example.test',
        subject,
        body: 'Hello again',
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:2525' })
        .where('id', '=', id)
        .execute();
      return id;
    };

    async function submit(answers: Record<string, unknown>) {
      const visitor = new Customer(t);
      await visitor.start();
      const key = (await visitor.request('POST', '/api/form/FormSubmissionKey', {})).json().data.key;
      const res = await visitor.request('POST', '/api/form/SaveFormSubmission', {
        key,
        formId: 'every',
        form: JSON.stringify(answers),
        pagePath: '/forms',
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    it('lists a form’s submissions with every answer under its field’s title, one in detail, and deletes one', async () => {
      await submit({ ...EVERY_TYPE_ANSWERS, 'f-text': 'Green' });
      await submit({ ...EVERY_TYPE_ANSWERS, 'f-text': '=HYPERLINK("x"), "Quoted"' });
      const editor = await staff(4);

      const forms = (await editor.request('GET', `${API}/forms`)).json().forms;
      expect(forms).toEqual(
        expect.arrayContaining([
          { formId: 'every', name: 'Every Field', submissions: 2, lastSubmitted: expect.any(Number) },
          { formId: 'guarded', name: 'Guarded', submissions: 0, lastSubmitted: null },
        ]),
      );

      const list = (await editor.request('GET', `${API}/forms/every/submissions`)).json();
      expect(list.name).toBe('Every Field');
      expect(list.fields.map((f: { title: string }) => f.title)).toContain('Favourite colour');
      expect(list.fields.map((f: { title: string }) => f.title)).not.toContain('About the visit');
      expect(list.submissions).toHaveLength(2);
      const [newest, older] = list.submissions;
      expect(newest.pagePath).toBe('/forms');
      expect(newest.answers).toEqual(
        expect.arrayContaining([
          { fieldId: 'f-text', title: 'Favourite colour', answer: '=HYPERLINK("x"), "Quoted"' },
          { fieldId: 'f-name', title: 'Name', answer: 'First: Ada, Last: Lovelace' },
          { fieldId: 'f-checkbox', title: 'Topics', answer: 'Glaze, Wheel' },
        ]),
      );

      const detail = await editor.request('GET', `${API}/forms/every/submissions/${older.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ id: older.id, formId: 'every' });
      expect(detail.json().answers).toContainEqual({
        fieldId: 'f-text',
        title: 'Favourite colour',
        answer: 'Green',
      });

      const csv = await editor.request('GET', `${API}/forms/every/submissions/export`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="every-submissions.csv"');
      const [header, ...rows] = parseCsv(csv.body);
      expect(header?.slice(0, 5)).toEqual(['submitted', 'status', 'page', 'Favourite colour', 'Message']);
      expect(rows.map((r) => r[3])).toEqual([`'=HYPERLINK("x"), "Quoted"`, 'Green']);
      expect(rows[0]?.[header?.indexOf('Name') ?? -1]).toBe('First: Ada, Last: Lovelace');

      const deleted = await editor.request('DELETE', `${API}/forms/every/submissions/${older.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ deleted: older.id });
      const again = await editor.request('DELETE', `${API}/forms/every/submissions/${older.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('not-found');
      expect((await editor.request('GET', `${API}/forms/every/submissions`)).json().submissions).toHaveLength(
        1,
      );
      // Another form's id does not reach this form's submission.
      expect(
        (await editor.request('DELETE', `${API}/forms/guarded/submissions/${newest.id}`)).statusCode,
      ).toBe(404);
    });

    it('marks a submission spam (kept apart, not counted) and not spam again', async () => {
      await submit({ ...EVERY_TYPE_ANSWERS, 'f-text': 'Buy cheap pottery' });
      const editor = await staff(4);
      const base = `${API}/forms/every/submissions`;
      const ids = async (query = '') =>
        (await editor.request('GET', `${base}${query}`)).json().submissions.map((s: { id: string }) => s.id);
      const count = async () =>
        (await editor.request('GET', `${API}/forms`))
          .json()
          .forms.find((f: { formId: string }) => f.formId === 'every').submissions as number;
      const [id] = await ids();
      const before = await count();

      const marked = await editor.request('PUT', `${base}/${id}/status`, { status: 'spam' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ id, formId: 'every', status: 'spam' });
      expect(await ids()).not.toContain(id);
      expect(await ids('?status=spam')).toContain(id);
      expect(await count()).toBe(before - 1);
      // The same again changes nothing.
      expect((await editor.request('PUT', `${base}/${id}/status`, { status: 'spam' })).json().status).toBe(
        'spam',
      );
      const csv = parseCsv((await editor.request('GET', `${base}/export?status=spam`)).body);
      expect(csv.slice(1).map((r) => r[1])).toContain('spam');

      const back = await editor.request('PUT', `${base}/${id}/status`, { status: 'received' });
      expect(back.json().status).toBe('received');
      expect(await ids()).toContain(id);
      expect(await ids('?status=spam')).not.toContain(id);
      expect(await count()).toBe(before);

      const unknown = await editor.request('PUT', `${base}/${randomUUID()}/status`, { status: 'spam' });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await editor.request('PUT', `${API}/forms/guarded/submissions/${id}/status`, { status: 'spam' }))
          .statusCode,
      ).toBe(404);
      for (const bad of [{ status: 'deleted' }, {}, { status: 'spam', extra: 1 }]) {
        const res = await editor.request('PUT', `${base}/${id}/status`, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().code).toBe('invalid-request');
      }
      const noRole = await (await staff(3)).request('PUT', `${base}/${id}/status`, { status: 'spam' });
      expect(noRole.statusCode).toBe(403);
    });

    it('answers malformed calls with 400 and the field named', async () => {
      const admin = await staff(1);
      for (const [method, url] of [
        ['GET', `${API}/forms/bad%20id/submissions`],
        ['GET', `${API}/forms/every/submissions?status=deleted`],
        ['GET', `${API}/forms/every/submissions?cursor=not-ours`],
        ['GET', `${API}/forms/every/submissions?page=2`],
        ['GET', `${API}/forms/every/submissions/not-a-uuid`],
        ['DELETE', `${API}/forms/every/submissions/not-a-uuid`],
        ['GET', `${API}/mail?status=lost`],
        ['GET', `${API}/mail?cursor=%5B1%5D`],
        ['POST', `${API}/mail/not-a-uuid/retry`],
        ['GET', `${API}/stock/ledger/export?reason=theft`],
        ['GET', `${API}/stock/ledger?reason=theft`],
      ] as const) {
        const res = await admin.request(method, url, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(['invalid-request', 'invalid-cursor'], url).toContain(res.json().code);
      }
      const unknown = await admin.request('POST', `${API}/mail/${randomUUID()}/retry`, {});
      expect(unknown.statusCode).toBe(404);
    });

    it('lists the outbox with each mail’s status and error, and retries a failed mail once', async () => {
      const admin = await staff(1);
      const id = await failedMail(t.db, 'Retry me');

      const failed = (await admin.request('GET', `${API}/mail?status=failed`)).json().mails;
      expect(failed).toContainEqual({
        id,
        created: expect.any(Number),
        kind: 'test-retry',
        to: 'retry@example.test',
        subject: 'Retry me',
        status: 'failed',
        attempts: 1,
        error: 'connect ECONNREFUSED 127.0.0.1:2525',
        sentAt: null,
      });
      expect(JSON.stringify(failed)).not.toContain('Hello again');

      // No SMTP in this app: the retried mail waits in the queue (it leaves at the next start with SMTP).
      const retried = await admin.request('POST', `${API}/mail/${id}/retry`, {});
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({
        id,
        status: 'queued',
        error: 'connect ECONNREFUSED 127.0.0.1:2525',
      });
      const twice = await admin.request('POST', `${API}/mail/${id}/retry`, {});
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({
        code: 'mail-conflict',
        message: 'This mail is queued: only a failed mail is retried.',
      });
    });

    it('with SMTP, a retried failed mail is sent to the peer and shown as sent', async () => {
      const peer = await smtpPeer();
      const withSmtp = await startApp(database, { siteDir: site.dir, smtpUrl: peer.url });
      try {
        const admin = await staffOf(withSmtp, 1);
        const id = await failedMail(withSmtp.app.database.db, 'Second try');
        const retried = await admin.request('POST', `${API}/mail/${id}/retry`, {});
        expect(retried.statusCode, retried.body).toBe(200);
        expect(retried.json()).toMatchObject({ id, status: 'sent', attempts: 2, error: null });
        const mail = await waitFor(() => peer.mails.find((m) => m.raw.includes('Subject: Second try')));
        expect(mail.to).toEqual(['retry@example.test']);
      } finally {
        await withSmtp.close();
        await peer.close();
      }
    });

    it('the dashboard shows today’s orders and revenue, visitors and conversion, low stock and waiting sign-ups', async () => {
      const manager = await staff(8);
      const before = (await manager.request('GET', `${API}/dashboard`)).json();
      await placeOrder(t, [{ itemId: 'p-club', sku: 'CLUB', quantity: 2 }], 'dash@example.test');
      const after = (await manager.request('GET', `${API}/dashboard`)).json();
      expect(after.today.orders).toBe(before.today.orders + 1);
      expect(after.week.orders).toBe(before.week.orders + 1);
      // The new order awaits payment: it owes, and brings no revenue until it is paid.
      const usd = (d: { unpaid: { currency: string; cents: number }[] }) =>
        d.unpaid.find((r) => r.currency === 'USD')?.cents ?? 0;
      expect(usd(after.today)).toBeGreaterThan(usd(before.today));
      expect(after.today).toHaveProperty('visitors');
      expect(after.today).toHaveProperty('conversion');
      expect(after.lowStock.map((v: { sku: string }) => v.sku)).toEqual(
        expect.arrayContaining(['CAP', 'MUG-1']),
      );
      expect(after.restock).toEqual({ waiting: expect.any(Number), readyToSend: expect.any(Number) });

      // Each part only to whom its permission grants it.
      const reporting = (await (await staff(3)).request('GET', `${API}/dashboard`)).json();
      expect(reporting.today).not.toHaveProperty('orders');
      expect(reporting.today).toHaveProperty('visitors');
      expect(reporting).not.toHaveProperty('lowStock');
      const billing = (await (await staff(2)).request('GET', `${API}/dashboard`)).json();
      expect(billing.today).toHaveProperty('orders');
      expect(billing.today).not.toHaveProperty('visitors');
    });

    it('the dashboard counts revenue from paid orders only, and shows what unpaid orders owe apart', async () => {
      const manager = await staff(8);
      const usd = (amounts: { currency: string; cents: number }[] | undefined) =>
        amounts?.find((r) => r.currency === 'USD')?.cents ?? 0;
      const today = async () => (await manager.request('GET', `${API}/dashboard`)).json().today;
      const before = await today();
      const order = await placeOrder(
        t,
        [{ itemId: 'p-club', sku: 'CLUB', quantity: 1 }],
        'unpaid@example.test',
      );
      const total = (
        await t.db
          .selectFrom('orders')
          .select('grand_total_cents')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).grand_total_cents;
      expect(total).toBeGreaterThan(0);

      const awaiting = await today();
      expect(awaiting.orders).toBe(before.orders + 1);
      expect(usd(awaiting.revenue)).toBe(usd(before.revenue));
      expect(usd(awaiting.unpaid)).toBe(usd(before.unpaid) + total);

      const paid = await manager.request('POST', `${API}/orders/${order.orderNumber}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const received = await today();
      expect(usd(received.revenue)).toBe(usd(before.revenue) + total);
      expect(usd(received.unpaid)).toBe(usd(before.unpaid));
    });

    it('the ledger records orders placed, cancellations and content sync, and exports as CSV', async () => {
      const manager = await staff(8);
      const ledger = async (query: string) =>
        (await manager.request('GET', `${API}/stock/ledger?${query}`)).json().entries as {
          change: number;
          reason: string;
          orderId: string | null;
          note: string | null;
          by: string | null;
        }[];

      // The starting stock of each variant came from the content.
      expect(await ledger('variantId=v-club&reason=sync')).toMatchObject([
        { change: 10, reason: 'sync', note: 'starting stock from the content', by: null },
      ]);

      // A signed-in customer's order: taken by them; a cancellation gives it back, by the staff member.
      await makeAccount(t.db, 'ledger-buyer@example.test');
      const buyer = new Customer(t);
      expect((await buyer.signIn('ledger-buyer@example.test')).statusCode).toBe(200);
      expect((await buyer.add({ itemId: 'p-club', sku: 'CLUB', quantity: 3 })).statusCode).toBe(200);
      const placed = await buyer.order({ ...CUSTOMER, email: 'ledger-buyer@example.test' });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = placed.json().order as { id: string; orderNumber: number };
      const cancelled = await manager.request('POST', `${API}/orders/${order.orderNumber}/cancel`, {
        reason: 'changed mind',
      });
      expect(cancelled.statusCode).toBe(200);
      const entries = (await ledger('variantId=v-club')).filter((e) => e.orderId === order.id);
      expect(entries).toEqual([
        expect.objectContaining({
          change: 3,
          reason: 'cancellation',
          note: 'changed mind',
          by: expect.any(String),
        }),
        expect.objectContaining({ change: -3, reason: 'order', by: 'ledger-buyer@example.test' }),
      ]);
      // An unlimited variant's stock never changes: no entry.
      await placeOrderOf('p-lesson', 'LESSON');
      expect(await ledger('variantId=v-lesson')).toEqual([]);

      // Content sync: a variant the content no longer lists takes its stock with it; a new one brings its own.
      const content = loadContent(site.dir);
      const shop = content.collections.find((c) => c.id === 'c-shop') ?? content.collections[0];
      const tee = shop?.items?.find((i) => i.id === 'p-tee');
      const variants = tee?.structuredContent?.variants as { id: string; sku: string; qtyInStock?: number }[];
      const medium = variants.findIndex((v) => v.id === 'v-tee-m');
      variants.splice(medium, 1, {
        ...(variants[medium] as object),
        id: 'v-tee-l',
        sku: 'TEE-L',
        qtyInStock: 6,
      } as never);
      await syncContent(t.db, content);
      expect(await ledger('variantId=v-tee-m')).toMatchObject([
        { change: -1, reason: 'sync', note: 'variant TEE-M removed from the content' },
        { change: 1, reason: 'sync' },
      ]);
      expect(await ledger('variantId=v-tee-l')).toMatchObject([{ change: 6, reason: 'sync' }]);

      const csv = await manager.request('GET', `${API}/stock/ledger/export?variantId=v-club`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="stock-ledger.csv"');
      const [header, ...rows] = parseCsv(csv.body);
      expect(header).toEqual([
        'created',
        'variant_id',
        'sku',
        'product',
        'change',
        'reason',
        'order_id',
        'note',
        'by',
      ]);
      expect(rows.map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual(
        expect.arrayContaining([
          ['v-club', 'CLUB', 'Candle Club', '-3', 'order'],
          ['v-club', 'CLUB', 'Candle Club', '3', 'cancellation'],
          ['v-club', 'CLUB', 'Candle Club', '10', 'sync'],
        ]),
      );
      expect(rows.length).toBe((await ledger('variantId=v-club')).length);
      const syncOnly = parseCsv(
        (await manager.request('GET', `${API}/stock/ledger/export?reason=sync`)).body,
      );
      expect(syncOnly.slice(1).every((r) => r[5] === 'sync')).toBe(true);
    });

    async function placeOrderOf(itemId: string, sku: string) {
      await placeOrder(t, [{ itemId, sku, quantity: 1 }], 'unlimited@example.test');
    }
  });
}
