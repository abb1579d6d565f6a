import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Customer, makeAccount } from '../accounts/testing.ts';
import type { RoleCode } from '@storefront/core';
import { CUSTOMER, makeCheckoutSite, Shopper } from './testing.ts';
import { parseCsv } from '../../testing/csv.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { placeOrder, signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/orders';

/** The export's columns, in the order a spreadsheet shows them. */
const ORDER_COLUMNS = ['number', 'created', 'status', 'fulfilment', 'email', 'customer_name', 'items'];
const MONEY_COLUMNS = ['grand_total', 'currency', 'subtotal', 'shipping', 'tax', 'discount', 'refunded'];
const PAYMENT_ADDRESS_COLUMNS = [
  'payment_provider',
  'payment_reference',
  'shipping_name',
  'shipping_line1',
  'shipping_line2',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'shipping_country',
];
const LINE_COLUMNS = [
  'line_sku',
  'line_title',
  'line_variant',
  'line_quantity',
  'line_unit_price',
  'line_total',
  'line_fulfilled',
];

for (const database of DATABASES) {
  describe(`[${database.name}] back office: orders`, () => {
    const site = makeCheckoutSite({ stock: { 'v-tee-s': 20, 'v-club': 10 } });
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    const db = () => t.db;
    const staff: Partial<Record<string, Customer>> = {};

    /** A staff member holding these roles, signed in. */
    async function staffWith(...roles: RoleCode[]): Promise<Customer> {
      const key = roles.join(',');
      const known = staff[key];
      if (known) return known;
      const browser = await signInNewStaff(t, `staff-${roles.join('-') || 'none'}@example.test`, roles);
      staff[key] = browser;
      return browser;
    }
    const manager = () => staffWith(8);

    const stockOf = async (variantId: string) =>
      (
        await db()
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', variantId)
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const mailsTo = (to: string, kind: string) =>
      db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .where('kind', '=', kind)
        .execute();

    it('lists, searches and filters orders, a page at a time', async () => {
      const m = await manager();
      const a = await placeOrder(t, [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }], 'grace@example.test');
      const b = await placeOrder(t, [{ itemId: 'p-club', sku: 'CLUB', quantity: 1 }], 'linus@example.test');
      const c = await placeOrder(t, [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 }], 'grace.h@example.test');

      const byNumber = (await m.request('GET', `${API}?q=%23${b.orderNumber}`)).json();
      expect(byNumber.orders.map((o: { number: number }) => o.number)).toEqual([b.orderNumber]);
      const byEmail = (await m.request('GET', `${API}?q=GRACE`)).json();
      expect(byEmail.orders.map((o: { number: number }) => o.number)).toEqual([c.orderNumber, a.orderNumber]);
      // A LIKE wildcard typed in the search box is a character, not a wildcard.
      expect((await m.request('GET', `${API}?q=%25`)).json().orders).toEqual([]);
      const byProduct = (await m.request('GET', `${API}?productId=p-club`)).json();
      expect(byProduct.orders.map((o: { number: number }) => o.number)).toEqual([b.orderNumber]);
      expect(byProduct.orders[0]).toMatchObject({
        email: 'linus@example.test',
        customerName: CUSTOMER.name,
        status: 'awaiting-payment',
        fulfilment: 'unfulfilled',
        items: 1,
        currency: 'USD',
      });
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await m.request('GET', `${API}?from=${today}&to=${today}&status=awaiting-payment`)).json().orders
          .length,
      ).toBeGreaterThanOrEqual(3);
      expect((await m.request('GET', `${API}?from=2999-01-01`)).json().orders).toEqual([]);

      // Keyset paging: two pages of two hold the three orders once each, newest first.
      const first = (await m.request('GET', `${API}?q=example.test&limit=2`)).json();
      expect(first.hasNextPage).toBe(true);
      const second = (
        await m.request(
          'GET',
          `${API}?q=example.test&limit=2&cursor=${encodeURIComponent(first.nextPageCursor)}`,
        )
      ).json();
      const numbers = [...first.orders, ...second.orders].map((o: { number: number }) => o.number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers).toEqual(expect.arrayContaining([a.orderNumber, b.orderNumber, c.orderNumber]));

      const badCursor = await m.request('GET', `${API}?cursor=not-a-cursor`);
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json()).toEqual({
        code: 'invalid-cursor',
        message: 'The cursor is not one this list handed out.',
      });
      const badStatus = await m.request('GET', `${API}?status=shipped`);
      expect(badStatus.statusCode).toBe(400);
      expect(badStatus.json().code).toBe('invalid-request');
      const missing = await m.request('GET', `${API}/999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'not-found', message: 'That order does not exist.' });
    });

    it('lists the products to filter orders by, searched by title, a few at a time', async () => {
      const m = await manager();
      const titles = async (query: string) => {
        const res = await m.request('GET', `/api/config/product-choices${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().products.map((p: { title: string }) => p.title) as string[];
      };
      expect((await m.request('GET', '/api/config/product-choices?q=LINEN')).json()).toEqual({
        products: [{ productId: 'p-tee', title: 'Linen Tee' }],
      });
      // Products only (no blog post), by title, at most `limit`.
      expect(await titles('?q=o')).not.toContain('First post');
      expect(await titles('?limit=2')).toEqual(['Candle Club', 'Field Guide (PDF)']);
      expect(await titles('?q=%25')).toEqual([]);
      for (const bad of ['?limit=0', '?limit=51', '?sort=title']) {
        const res = await m.request('GET', `/api/config/product-choices${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('invalid-request');
      }
      // The product picked filters the orders.
      const picked = (await m.request('GET', '/api/config/product-choices?q=candle')).json().products[0];
      const order = await placeOrder(
        t,
        [{ itemId: 'p-club', sku: 'CLUB', quantity: 1 }],
        'picker@example.test',
      );
      const byPicked = (await m.request('GET', `${API}?productId=${picked.productId}&q=picker`)).json();
      expect(byPicked.orders.map((o: { number: number }) => o.number)).toEqual([order.orderNumber]);
      expect((await m.request('GET', `${API}?from=2026-13-01`)).statusCode).toBe(400);
    });

    it('marks an order paid and fulfils it in two shipments with tracking: mails, timeline with who did it', async () => {
      const m = await manager();
      const order = await placeOrder(
        t,
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 },
          { itemId: 'p-club', sku: 'CLUB', quantity: 1 },
        ],
        'paid@example.test',
      );
      const url = `${API}/${order.orderNumber}`;
      const paid = await m.request('POST', `${url}/mark-paid`, {});
      expect(paid.statusCode).toBe(200);
      expect(paid.json().status).toBe('paid');
      const [paidMail] = await mailsTo('paid@example.test', 'order-paid');
      expect(paidMail?.subject).toContain(`#${order.orderNumber}`);
      const again = await m.request('POST', `${url}/mark-paid`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: 'order-conflict',
        message: `Order #${order.orderNumber} is already paid.`,
      });

      const detail = (await m.request('GET', url)).json();
      const [tee, club] = detail.lines as { id: string; quantity: number }[];
      const firstShipment = await m.request('POST', `${url}/fulfil`, {
        lines: [{ lineId: tee?.id, quantity: 1 }],
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://track.example/1Z999AA10123456784',
      });
      expect(firstShipment.statusCode).toBe(200);
      expect(
        firstShipment.json().lines.map((l: { fulfilledQuantity: number }) => l.fulfilledQuantity),
      ).toEqual([1, 0]);
      const shipped = await mailsTo('paid@example.test', 'order-shipped');
      expect(shipped).toHaveLength(1);
      expect(shipped[0]?.body).toContain('Tracking number: 1Z999AA10123456784');
      expect(shipped[0]?.body).toContain('https://track.example/1Z999AA10123456784');

      const tooMany = await m.request('POST', `${url}/fulfil`, { lines: [{ lineId: tee?.id, quantity: 2 }] });
      expect(tooMany.statusCode).toBe(409);
      const notALine = await m.request('POST', `${url}/fulfil`, { lines: [{ lineId: 'nope', quantity: 1 }] });
      expect(notALine.statusCode).toBe(400);
      const badLink = await m.request('POST', `${url}/fulfil`, { trackingUrl: 'javascript:alert(1)' });
      expect(badLink.statusCode).toBe(400);

      // Without lines: whatever is left.
      const rest = await m.request('POST', `${url}/fulfil`, {});
      expect(rest.statusCode).toBe(200);
      expect(rest.json().lines.map((l: { fulfilledQuantity: number }) => l.fulfilledQuantity)).toEqual([
        2, 1,
      ]);
      expect(club?.quantity).toBe(1);
      expect((await m.request('POST', `${url}/fulfil`, {})).statusCode).toBe(409);
      const list = (await m.request('GET', `${API}?q=%23${order.orderNumber}`)).json();
      expect(list.orders[0]).toMatchObject({ status: 'paid', fulfilment: 'fulfilled' });

      // A shipped order is not cancelled.
      const cancel = await m.request('POST', `${url}/cancel`, {});
      expect(cancel.statusCode).toBe(409);

      const timeline = rest.json().timeline as { kind: string; by: string }[];
      expect(timeline.map((e) => [e.kind, e.by])).toEqual([
        ['paid', 'staff-8@example.test'],
        ['fulfilled', 'staff-8@example.test'],
        ['fulfilled', 'staff-8@example.test'],
      ]);
    });

    it('cancels an order: its stock comes back with a ledger entry, the customer is mailed, once', async () => {
      const m = await manager();
      const before = await stockOf('v-tee-s');
      const order = await placeOrder(
        t,
        [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 3 }],
        'cancel@example.test',
      );
      expect(await stockOf('v-tee-s')).toBe(before - 3);
      const url = `${API}/${order.orderNumber}`;
      const res = await m.request('POST', `${url}/cancel`, { reason: 'customer asked' });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('cancelled');
      expect(await stockOf('v-tee-s')).toBe(before);
      const ledger = await db()
        .selectFrom('stock_ledger')
        .selectAll()
        .where('ref_id', '=', order.id)
        .orderBy('change')
        .execute();
      expect(ledger).toMatchObject([
        { variant_id: 'v-tee-s', change: -3, reason: 'order' },
        { variant_id: 'v-tee-s', change: 3, reason: 'cancellation', note: 'customer asked' },
      ]);
      expect(await mailsTo('cancel@example.test', 'order-cancelled')).toHaveLength(1);

      const again = await m.request('POST', `${url}/cancel`, {});
      expect(again.statusCode).toBe(409);
      expect(await stockOf('v-tee-s')).toBe(before);
      expect((await m.request('POST', `${url}/mark-paid`, {})).statusCode).toBe(409);
      // Never paid: nothing to refund.
      expect((await m.request('POST', `${url}/refund`, { amountCents: 100 })).statusCode).toBe(409);
    });

    it('two cancels at once give the stock back once', async () => {
      const m = await manager();
      const other = await staffWith(1);
      const before = await stockOf('v-club');
      const order = await placeOrder(
        t,
        [{ itemId: 'p-club', sku: 'CLUB', quantity: 2 }],
        'race@example.test',
      );
      const url = `${API}/${order.orderNumber}/cancel`;
      const answers = await Promise.all([m.request('POST', url, {}), other.request('POST', url, {})]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await stockOf('v-club')).toBe(before);
      expect(await mailsTo('race@example.test', 'order-cancelled')).toHaveLength(1);
    });

    it('a cancel gives back only what the order took: its gift card and digital lines raise no stock', async () => {
      const m = await manager();
      const untaken = ['v-gift-25', 'v-ebook'];
      const before = await Promise.all(['v-tee-s', ...untaken].map(stockOf));
      const order = await placeOrder(
        t,
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
          { itemId: 'p-gift', sku: 'GIFT-25', quantity: 1 },
          { itemId: 'p-ebook', sku: 'EBOOK', quantity: 2 },
        ],
        'mixed-cancel@example.test',
      );
      const res = await m.request('POST', `${API}/${order.orderNumber}/cancel`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(await Promise.all(['v-tee-s', ...untaken].map(stockOf))).toEqual(before);
      const returned = await db()
        .selectFrom('stock_ledger')
        .select(['variant_id', 'change'])
        .where('ref_id', '=', order.id)
        .where('reason', '=', 'cancellation')
        .execute();
      expect(returned).toEqual([{ variant_id: 'v-tee-s', change: 1 }]);
    });

    it('an Idempotency-Key replays the first answer: one event, one mail', async () => {
      const m = await manager();
      const order = await placeOrder(
        t,
        [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }],
        'idem@example.test',
      );
      const key = { 'idempotency-key': randomUUID() };
      const url = `${API}/${order.orderNumber}/mark-paid`;
      const first = await m.request('POST', url, {}, key);
      const second = await m.request('POST', url, {}, key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await mailsTo('idem@example.test', 'order-paid')).toHaveLength(1);
      expect(first.json().timeline).toHaveLength(1);
    });

    it('records refunds up to the total, notes, and resends the confirmation', async () => {
      const m = await manager();
      const order = await placeOrder(
        t,
        [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 }],
        'refund@example.test',
      );
      const url = `${API}/${order.orderNumber}`;
      await m.request('POST', `${url}/mark-paid`, {});
      const part = await m.request('POST', `${url}/refund`, { amountCents: 1000, reason: 'late' });
      expect(part.statusCode).toBe(200);
      expect(part.json().totals).toMatchObject({ grandTotalCents: 5000, refundedCents: 1000 });
      const over = await m.request('POST', `${url}/refund`, { amountCents: 4001 });
      expect(over.statusCode).toBe(409);
      expect((await m.request('POST', `${url}/refund`, { amountCents: 4000 })).statusCode).toBe(200);
      expect((await m.request('POST', `${url}/refund`, { amountCents: -5 })).statusCode).toBe(400);

      const note = await m.request('POST', `${url}/notes`, { text: 'Gift wrap, please.' });
      expect(note.json().timeline.at(-1)).toMatchObject({
        kind: 'note',
        detail: { text: 'Gift wrap, please.' },
      });
      expect((await m.request('POST', `${url}/notes`, { text: '  ' })).statusCode).toBe(400);

      const resent = await m.request('POST', `${url}/resend-confirmation`);
      expect(resent.statusCode).toBe(200);
      const confirmations = await mailsTo('refund@example.test', 'order-confirmation');
      expect(confirmations).toHaveLength(2);
      // Sent again, it says what the order is now: refunded, no longer awaiting payment.
      expect(confirmations[0]?.body).toContain('Your order is awaiting payment.');
      expect(confirmations[1]?.body).toContain('Order status: Refunded');
      expect(confirmations[1]?.body).not.toContain('awaiting payment');
      expect(confirmations[1]?.subject).toBe(confirmations[0]?.subject);
    });

    it('"Resend confirmation" of an order paid since says it is paid and gives its download, not the on-payment texts', async () => {
      const m = await manager();
      const order = await placeOrder(
        t,
        [
          { itemId: 'p-ebook', sku: 'EBOOK', quantity: 1 },
          { itemId: 'p-gift', sku: 'GIFT-25', quantity: 1 },
        ],
        'resend-paid@example.test',
      );
      const url = `${API}/${order.orderNumber}`;
      expect((await m.request('POST', `${url}/mark-paid`, {})).statusCode).toBe(200);
      // Read before the resend: two mails of one millisecond have no order of their own.
      const [first] = await mailsTo('resend-paid@example.test', 'order-confirmation');
      expect((await m.request('POST', `${url}/resend-confirmation`)).statusCode).toBe(200);
      const resent = (await mailsTo('resend-paid@example.test', 'order-confirmation')).find(
        (mail) => mail.id !== first?.id,
      );
      expect(first?.body).toContain('Your download will be available once payment is received.');
      expect(first?.body).toContain('once payment is received');
      expect(resent?.body).toContain('Your payment has been received.');
      expect(resent?.body).toMatch(/Download: http:\/\/[^\s]+\/checkout\/download\//);
      expect(resent?.body).not.toContain('payment is received');
      expect(resent?.body).not.toContain('awaiting payment');
    });

    it('exports the filtered list as CSV, in batches, and it reads back', async () => {
      const m = await manager();
      // More orders than one batch, written straight to the table.
      const base = Date.parse('2020-03-01T12:00:00Z');
      const rows = Array.from({ length: 1234 }, (_, i) => ({
        id: randomUUID(),
        order_number: 500_000 + i,
        created: base + i * 1000,
        email: `bulk${i}@example.test`,
        customer_name: i === 7 ? '=HYPERLINK("x"), "Quoted"\nName' : `Bulk ${i}`,
        address: null,
        subtotal_cents: 1000 + i,
        tax_cents: 0,
        shipping_cents: 0,
        discount_cents: 0,
        grand_total_cents: 1000 + i,
        currency: 'USD',
        status: i % 2 ? 'paid' : 'awaiting-payment',
        payment_provider: 'manual',
        payment_reference: null,
        cart_id: null,
        kind: 'cart',
        extra: null,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await db()
          .insertInto('orders')
          .values(rows.slice(i, i + 200))
          .execute();

      const res = await m.request('GET', `${API}/export?from=2020-03-01&to=2020-03-01`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('orders.csv');
      const [header, ...records] = parseCsv(res.body);
      expect(header).toEqual([
        ...ORDER_COLUMNS,
        ...MONEY_COLUMNS,
        ...PAYMENT_ADDRESS_COLUMNS,
        ...LINE_COLUMNS,
      ]);
      // An order without lines still has its one row.
      expect(records).toHaveLength(1234);
      expect(new Set(records.map((r) => r[0])).size).toBe(1234);
      const seventh = records.find((r) => r[0] === '500007');
      expect(seventh).toEqual([
        '500007',
        '2020-03-01T12:00:07.000Z',
        'paid',
        'unfulfilled',
        'bulk7@example.test',
        `'=HYPERLINK("x"), "Quoted"\nName`,
        '0',
        '10.07',
        'USD',
        '10.07',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        'manual',
        ...Array<string>(PAYMENT_ADDRESS_COLUMNS.length - 1 + LINE_COLUMNS.length).fill(''),
      ]);
      const paidOnly = parseCsv(
        (await m.request('GET', `${API}/export?from=2020-03-01&to=2020-03-01&status=paid`)).body,
      );
      expect(paidOnly).toHaveLength(1 + 617);
    });

    it('exports a row per line with the address, payment and fulfilment; order money once per order', async () => {
      const m = await manager();
      const order = await placeOrder(
        t,
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 },
          { itemId: 'p-club', sku: 'CLUB', quantity: 1 },
        ],
        'export-lines@example.test',
      );
      const url = `${API}/${order.orderNumber}`;
      expect((await m.request('POST', `${url}/mark-paid`, {})).statusCode).toBe(200);
      const detail = (await m.request('GET', url)).json();
      const [tee] = detail.lines as { id: string }[];
      const shipped = await m.request('POST', `${url}/fulfil`, { lines: [{ lineId: tee?.id, quantity: 1 }] });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect((await m.request('POST', `${url}/refund`, { amountCents: 500 })).statusCode).toBe(200);

      const [header, ...records] = parseCsv(
        (await m.request('GET', `${API}/export?q=export-lines%40example.test`)).body,
      );
      const rows = records.map((r) => Object.fromEntries((header ?? []).map((name, i) => [name, r[i]])));
      const totals = detail.totals as Record<string, number>;
      const money = (cents: number) => (cents / 100).toFixed(2);
      const sameOnEveryRow = {
        number: String(order.orderNumber),
        status: 'paid',
        fulfilment: 'partial',
        email: 'export-lines@example.test',
        customer_name: CUSTOMER.name,
        items: '3',
        currency: 'USD',
        payment_provider: 'manual',
        shipping_name: CUSTOMER.name,
        shipping_line1: '12 St James Sq',
        shipping_line2: '',
        shipping_city: 'London',
        shipping_zip: 'SW1Y 4JH',
        shipping_country: 'GB',
      };
      expect(rows).toEqual([
        expect.objectContaining({
          ...sameOnEveryRow,
          grand_total: money(totals.grandTotalCents as number),
          subtotal: '78.00',
          shipping: money(totals.shippingCents as number),
          tax: money(totals.taxCents as number),
          discount: '0.00',
          refunded: '5.00',
          line_sku: 'TEE-S',
          line_title: 'Linen Tee',
          line_variant: 'Size: Small',
          line_quantity: '2',
          line_unit_price: '25.00',
          line_total: '50.00',
          line_fulfilled: '1',
        }),
        expect.objectContaining({
          ...sameOnEveryRow,
          // The order's money is on its first row only: a column's sum is the orders' total.
          grand_total: '',
          subtotal: '',
          refunded: '',
          line_sku: 'CLUB',
          line_title: 'Candle Club',
          line_variant: '',
          line_quantity: '1',
          line_unit_price: '28.00',
          line_total: '28.00',
          line_fulfilled: '0',
        }),
      ]);
    });

    it('answers by permission: 401 signed out, 403 without the role, for every call', async () => {
      const order = await placeOrder(
        t,
        [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }],
        'perm@example.test',
      );
      const url = `${API}/${order.orderNumber}`;
      const reads = [API, `${API}/export`, url];
      const acts = ['mark-paid', 'fulfil', 'cancel', 'refund', 'resend-confirmation', 'notes'].map(
        (a) => `${url}/${a}`,
      );
      const forbidden = { code: 'account.forbidden', message: 'You do not have permission to do this.' };
      // Viewer and reporting: neither reads nor acts; billing reads only; store manager and admin do both.
      const cases: [RoleCode[], boolean, boolean][] = [
        [[10], false, false],
        [[3], false, false],
        [[4], false, false],
        [[2], true, false],
        [[8], true, true],
        [[1], true, true],
      ];
      for (const [roles, mayRead, mayAct] of cases) {
        const s = await staffWith(...roles);
        for (const path of reads) {
          const res = await s.request('GET', path);
          expect(res.statusCode, `${roles} GET ${path}`).toBe(mayRead ? 200 : 403);
          if (!mayRead) expect(res.json()).toEqual(forbidden);
        }
        if (mayAct) continue;
        for (const path of acts) {
          const res = await s.request('POST', path, { text: 'x', amountCents: 1 });
          expect(res.statusCode, `${roles} POST ${path}`).toBe(403);
          expect(res.json()).toEqual(forbidden);
        }
      }
      // A customer's session is not staff.
      await makeAccount(db(), 'shopper@example.test');
      const customer = new Customer(t);
      expect((await customer.signIn('shopper@example.test')).statusCode).toBe(200);
      expect((await customer.request('GET', API)).statusCode).toBe(403);
      const anonymous = new Shopper(t);
      await anonymous.start();
      const signedOut = await anonymous.request('POST', `${url}/mark-paid`, {});
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().code).toBe('account.sign-in-required');
      expect(
        (
          await db()
            .selectFrom('orders')
            .select('status')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('awaiting-payment');
    });

    it('serves the back office to staff only, with its own bundle', async () => {
      const anonymous = new Shopper(t);
      const away = await anonymous.request('GET', '/config/orders');
      expect(away.statusCode).toBe(303);
      expect(away.headers.location).toBe('/config/login');
      const viewer = await staffWith(10);
      const shell = await viewer.request('GET', '/config/orders/12');
      expect(shell.statusCode).toBe(200);
      expect(shell.headers['content-type']).toContain('text/html');
      const data = JSON.parse(
        /<script type="application\/json" id="config-data">(.*?)<\/script>/.exec(shell.body)?.[1] ?? '{}',
      );
      expect(data).toMatchObject({ email: 'staff-10@example.test', permissions: ['backoffice.read'] });
    });
  });
}
