import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { solveCaptcha } from '../forms/testing.ts';
import {
  cookieHeader,
  cookiesOf,
  DATABASES,
  FIXTURE_SITE,
  startApp,
  type TestApp,
} from '../../testing/app.ts';
import { DEFAULT_RESTOCK_LIMIT, RESTOCK_PATH } from './routes.ts';

/** The fixture site with a captcha site key: every sign-up must carry a solved captcha. */
function captchaSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-restock-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const file = join(dir, 'content/website.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as { website: Record<string, unknown> };
  json.website.captchaSettings = { siteKey: 'altcha' };
  writeFileSync(file, JSON.stringify(json));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

let ip = 0;
/** A visitor from an address of its own, holding the crumb cookie and sending it as the header. */
async function visitor(app: FastifyInstance) {
  const remoteAddress = `10.1.0.${++ip}`;
  const first = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', remoteAddress });
  const cookies = cookiesOf(first.headers['set-cookie']);
  const headers = { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string };
  return {
    signUp: (payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: RESTOCK_PATH,
        payload,
        headers: { ...headers, ...extra },
        remoteAddress,
      }),
  };
}

const rows = async (app: FastifyInstance) =>
  app.database.db.selectFrom('restock_signups').selectAll().orderBy('created').execute();

const SOLD_OUT = { productId: 'p-soldout', variantId: 'v-soldout' };

describe.each(DATABASES)('restock sign-up API on $name', (database) => {
  let t: TestApp;
  let guarded: TestApp;
  const site = captchaSite();
  beforeAll(async () => {
    t = await startApp(database);
    guarded = await startApp(database, {
      siteDir: site.dir,
      forms: { captchaCost: 1, captchaMaxCounter: 50 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await guarded?.close();
    site.cleanup();
  });

  it('stores a sign-up, and a second one for the same email and variant adds no row', async () => {
    const v = await visitor(t.app);
    const first = await v.signUp({
      ...SOLD_OUT,
      siteVisitorEmail: 'Ada@Example.com',
      isJoinMailingList: false,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, alreadySignedUp: false });
    const again = await v.signUp({
      ...SOLD_OUT,
      siteVisitorEmail: ' ada@example.com ',
      isJoinMailingList: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, alreadySignedUp: true });
    const stored = (await rows(t.app)).filter((r) => r.email_key === 'ada@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      product_id: 'p-soldout',
      variant_id: 'v-soldout',
      email: 'Ada@Example.com',
      join_mailing_list: 1,
    });
    // Another variant of another product is another sign-up.
    const other = await v.signUp({
      productId: 'p-tee',
      variantId: 'v-tee-m',
      siteVisitorEmail: 'ada@example.com',
    });
    expect(other.json()).toEqual({ success: true, alreadySignedUp: false });
    expect((await rows(t.app)).filter((r) => r.email_key === 'ada@example.com')).toHaveLength(2);
  });

  it('refuses blank and invalid addresses with the spec texts, storing nothing', async () => {
    const v = await visitor(t.app);
    const before = (await rows(t.app)).length;
    const blank = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'restock.email-blank', message: 'Email cannot be blank' });
    for (const bad of ['a@', 'no-at-sign.example', 'two@@example.com', `${'x'.repeat(250)}@example.com`]) {
      const r = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: bad });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json(), bad).toEqual({ code: 'restock.email-invalid', message: 'Email is invalid' });
    }
    const malformed = await v.signUp({ productId: 'p-soldout', siteVisitorEmail: 'ada@example.com' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid-request' });
    expect(malformed.json().message).toContain('variantId');
    expect((await rows(t.app)).length).toBe(before);
  });

  it('answers 404 for an unknown product or a variant of another product', async () => {
    const v = await visitor(t.app);
    const product = await v.signUp({
      productId: 'p-nope',
      variantId: 'v-soldout',
      siteVisitorEmail: 'b@example.com',
    });
    expect(product.statusCode).toBe(404);
    expect(product.json()).toEqual({
      code: 'product-not-found',
      message: 'Sorry, this item is unavailable.',
    });
    const variant = await v.signUp({
      productId: 'p-soldout',
      variantId: 'v-tee-m',
      siteVisitorEmail: 'b@example.com',
    });
    expect(variant.statusCode).toBe(404);
    expect(variant.json()).toEqual({
      code: 'variant-not-found',
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('needs the crumb', async () => {
    const v = await visitor(t.app);
    const r = await v.signUp(
      { ...SOLD_OUT, siteVisitorEmail: 'c@example.com' },
      { 'x-csrf-token': 'x'.repeat(24) },
    );
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({
      crumbFail: true,
      code: 'crumb-fail',
      message: 'Your session has expired. Please reload the page and try again.',
    });
    const none = await t.app.inject({
      method: 'POST',
      url: RESTOCK_PATH,
      payload: { ...SOLD_OUT, siteVisitorEmail: 'c@example.com' },
    });
    expect(none.statusCode).toBe(403);
  });

  it('limits sign-ups per client address', async () => {
    const v = await visitor(t.app);
    for (let i = 0; i < DEFAULT_RESTOCK_LIMIT.max; i++) {
      const r = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: `limit${i}@example.com` });
      expect(r.statusCode).toBe(200);
    }
    const over = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: 'over@example.com' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rate-limited', message: 'Please try again in a few seconds.' });
    expect((await rows(t.app)).some((r) => r.email_key === 'over@example.com')).toBe(false);
  });

  it('with a captcha site key: a solved captcha is needed, and verifies once', async () => {
    const v = await visitor(guarded.app);
    const missing = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: 'd@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'restock.captcha-incomplete',
      message: 'Complete CAPTCHA before submitting.',
    });
    const wrong = await v.signUp({
      ...SOLD_OUT,
      siteVisitorEmail: 'd@example.com',
      captchaToken: 'bm90IGpzb24=',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'restock.captcha-failed' });

    const challenge = (
      await guarded.app.inject({ method: 'GET', url: '/api/form/captcha/challenge' })
    ).json() as Challenge;
    const token = await solveCaptcha(challenge);
    const ok = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: 'd@example.com', captchaToken: token });
    expect(ok.statusCode).toBe(200);
    const reused = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: 'e@example.com', captchaToken: token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'restock.captcha-failed' });
    expect((await rows(guarded.app)).map((r) => r.email_key)).toEqual(['d@example.com']);
  });

  it('without a site key, no captcha is asked for', async () => {
    const v = await visitor(t.app);
    const r = await v.signUp({ ...SOLD_OUT, siteVisitorEmail: 'f@example.com', captchaToken: null });
    expect(r.statusCode).toBe(200);
  });
});

describe.each(DATABASES)("restock's staff calls (spec section 7) on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
  });
  afterAll(async () => t?.close());

  const db = () => t.app.database.db;
  let made = 0;
  async function staff(...roles: RoleCode[]): Promise<Customer> {
    const email = `restock-staff-${++made}@example.test`;
    await makeAccount(db(), email, { kind: 'staff', roles });
    const browser = new Customer(t);
    expect((await browser.signIn(email, undefined, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
    return browser;
  }
  /** Sign-ups written straight to the table (the visitors' call is tested above). */
  async function signUps(productId: string, variantId: string, count: number, prefix: string) {
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      product_id: productId,
      variant_id: variantId,
      email: `${prefix}${i}@example.test`,
      email_key: `${prefix}${i}@example.test`,
      join_mailing_list: 0,
      created: now + i,
      notified_at: null,
      client_ip: '10.9.9.9',
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('restock_signups')
        .values(rows.slice(i, i + 100))
        .execute();
  }
  const restockMails = () =>
    db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'body', 'subject'])
      .where('kind', '=', 'restock')
      .execute();

  it("lists groups with counts and readiness, and each group's sign-ups, a page at a time", async () => {
    const s = await staff(8);
    await signUps('p-soldout', 'v-soldout', 60, 'cap');
    await signUps('p-tee', 'v-tee-m', 2, 'tee');
    // More groups than a page: variants the shop no longer has keep their sign-ups listed.
    for (let i = 0; i < 55; i++)
      await signUps(`p-gone-${String(i).padStart(2, '0')}`, 'v-gone', 1, `gone${i}-`);

    const first = await s.request('GET', `${RESTOCK_PATH}/groups`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.hasNextPage).toBe(true);
    const page2 = (await s.request('GET', `${RESTOCK_PATH}/groups?cursor=${page1.nextPageCursor}`)).json();
    expect(page2.hasNextPage).toBe(false);
    expect(page2.nextPageCursor).toBeNull();
    const groups = [...page1.signUpGroups, ...page2.signUpGroups];
    expect(groups).toHaveLength(57);
    expect(groups.find((g: { productId: string }) => g.productId === 'p-soldout')).toEqual({
      productId: 'p-soldout',
      variantId: 'v-soldout',
      productTitle: 'Sold Out Cap',
      sku: 'CAP',
      attributes: expect.any(Object),
      waiting: 60,
      sent: 0,
      inStock: false,
      readyToSend: false,
    });
    expect(groups.find((g: { productId: string }) => g.productId === 'p-tee')).toMatchObject({
      waiting: 2,
      inStock: true,
      readyToSend: true,
    });

    const list = (await s.request('GET', `${RESTOCK_PATH}?productId=p-soldout&variantId=v-soldout`)).json();
    expect(list.signUps).toHaveLength(50);
    expect(list.signUps[0]).toEqual({
      id: expect.any(String),
      siteVisitorEmail: 'cap0@example.test',
      isJoinMailingList: false,
      created: expect.any(Number),
      notifiedAt: null,
    });
    const rest = (
      await s.request(
        'GET',
        `${RESTOCK_PATH}?productId=p-soldout&variantId=v-soldout&cursor=${list.nextPageCursor}`,
      )
    ).json();
    expect(rest).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(rest.signUps.map((x: { siteVisitorEmail: string }) => x.siteVisitorEmail)).toEqual(
      Array.from({ length: 10 }, (_, i) => `cap${50 + i}@example.test`),
    );

    const bad = await s.request('GET', `${RESTOCK_PATH}/groups?cursor=eyJ4Ijox`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'invalid-cursor',
      message: 'The cursor is not one this list handed out.',
    });
    const noVariant = await s.request('GET', `${RESTOCK_PATH}?productId=p-soldout`);
    expect(noVariant.statusCode).toBe(400);
    expect(noVariant.json().message).toContain('variantId');
  });

  it('the dashboard counts the sign-ups waiting, and those ready to send (their variant is back)', async () => {
    const s = await staff(8);
    const figures = async () => (await s.request('GET', '/api/config/dashboard')).json().restock;
    const before = await figures();
    await signUps('p-soldout', 'v-soldout', 3, 'dash-cap');
    await signUps('p-tee', 'v-tee-m', 2, 'dash-tee');
    await signUps('p-dash-gone', 'v-dash-gone', 4, 'dash-gone');
    // Mailed already: neither waiting nor ready.
    await db()
      .insertInto('restock_signups')
      .values({
        id: randomUUID(),
        product_id: 'p-tee',
        variant_id: 'v-tee-m',
        email: 'dash-mailed@example.test',
        email_key: 'dash-mailed@example.test',
        join_mailing_list: 0,
        created: Date.now(),
        notified_at: Date.now(),
        client_ip: '10.9.9.9',
      })
      .execute();
    expect(await figures()).toEqual({
      waiting: before.waiting + 3 + 2 + 4,
      readyToSend: before.readyToSend + 2,
    });
  });

  it('two sends of one group at once mail each sign-up exactly once, with the product link', async () => {
    const [a, b] = [await staff(8), await staff(1)];
    await signUps('p-last', 'v-last', 230, 'mug');
    const target = { productId: 'p-last', variantId: 'v-last' };
    const [one, two] = await Promise.all([
      a.request('POST', `${RESTOCK_PATH}/send`, target),
      b.request('POST', `${RESTOCK_PATH}/send`, target),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().sent + two.json().sent).toBe(230);
    const mails = (await restockMails()).filter((m) => m.to_address.startsWith('mug'));
    expect(mails).toHaveLength(230);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(230);
    expect(mails[0]?.subject).toContain('Last Mug is back in stock');
    expect(mails[0]?.body).toContain(`${t.config.siteUrl}/shop/`);
    // Pressing send again mails no one.
    expect((await a.request('POST', `${RESTOCK_PATH}/send`, target)).json()).toEqual({ sent: 0 });
    const groups = [];
    for (let cursor = ''; ;) {
      const page = (
        await a.request('GET', `${RESTOCK_PATH}/groups${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      groups.push(...page.signUpGroups);
      if (!page.hasNextPage) break;
      cursor = page.nextPageCursor;
    }
    const group = groups.find((g: { productId: string }) => g.productId === 'p-last');
    expect(group).toMatchObject({ waiting: 0, sent: 230, readyToSend: false });
  });

  it('a send cut short resumes where it stopped; send/all sends several groups', async () => {
    const s = await staff(8);
    await signUps('p-club', 'v-club', 6, 'club');
    await signUps('p-tee', 'v-tee-s', 3, 'small');
    // What a send that died after its first batch leaves: some claimed with their mail queued.
    const claimed = await db()
      .selectFrom('restock_signups')
      .select(['id', 'email'])
      .where('variant_id', '=', 'v-club')
      .orderBy('created')
      .limit(4)
      .execute();
    for (const row of claimed) {
      await db()
        .updateTable('restock_signups')
        .set({ notified_at: Date.now() })
        .where('id', '=', row.id)
        .execute();
      await db()
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          created: Date.now(),
          kind: 'restock',
          ref_id: row.id,
          to_address: row.email,
          subject: 'earlier',
          body: 'earlier',
          status: 'queued',
          attempts: 0,
          last_error: null,
          sent_at: null,
        })
        .execute();
    }
    const all = await s.request('POST', `${RESTOCK_PATH}/send/all`, {
      sendRequests: [
        { productId: 'p-club', variantId: 'v-club' },
        { productId: 'p-tee', variantId: 'v-tee-s' },
      ],
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      sent: 5,
      results: [
        { productId: 'p-club', variantId: 'v-club', sent: 2 },
        { productId: 'p-tee', variantId: 'v-tee-s', sent: 3 },
      ],
    });
    const clubMails = (await restockMails()).filter((m) => m.to_address.startsWith('club'));
    expect(clubMails.map((m) => m.to_address).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `club${i}@example.test`),
    );

    // One unknown target refuses the whole call, before anything is sent.
    await signUps('p-lesson', 'v-lesson', 1, 'lesson');
    const refused = await s.request('POST', `${RESTOCK_PATH}/send/all`, {
      sendRequests: [
        { productId: 'p-lesson', variantId: 'v-lesson' },
        { productId: 'p-nope', variantId: 'v-lesson' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('product-not-found');
    expect((await restockMails()).some((m) => m.to_address.startsWith('lesson'))).toBe(false);
    const malformed = await s.request('POST', `${RESTOCK_PATH}/send/all`, { sendRequests: [] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid-request');
    const noVariant = await s.request('POST', `${RESTOCK_PATH}/send`, { productId: 'p-lesson' });
    expect(noVariant.statusCode).toBe(400);
  });

  it('refuses to mail "back in stock" for a variant still sold out, and sends once it is back', async () => {
    const s = await staff(8);
    await signUps('p-soldout', 'v-soldout', 4, 'early');
    const target = { productId: 'p-soldout', variantId: 'v-soldout' };
    const earlyMails = async () =>
      (await restockMails()).filter((m) => m.to_address.startsWith('early')).length;

    const refused = await s.request('POST', `${RESTOCK_PATH}/send`, target);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'restock.sold-out',
      message: 'Sold Out Cap CAP is still sold out: add stock before telling anyone it is back.',
    });
    // Sending every group at once refuses as a whole: the in-stock group is not sent either.
    await signUps('p-club', 'v-club', 1, 'beside');
    const all = await s.request('POST', `${RESTOCK_PATH}/send/all`, {
      sendRequests: [{ productId: 'p-club', variantId: 'v-club' }, target],
    });
    expect(all.statusCode).toBe(409);
    expect(all.json().code).toBe('restock.sold-out');
    expect(await earlyMails()).toBe(0);
    expect((await restockMails()).some((m) => m.to_address.startsWith('beside'))).toBe(false);

    await db().updateTable('variants').set({ qty_in_stock: 2 }).where('id', '=', 'v-soldout').execute();
    const sent = await s.request('POST', `${RESTOCK_PATH}/send`, target);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await earlyMails()).toBe(4);
    await db().updateTable('variants').set({ qty_in_stock: 0 }).where('id', '=', 'v-soldout').execute();
  });

  it('needs stock.manage: 401 signed out, 403 for other roles', async () => {
    const forbidden = { code: 'account.forbidden', message: 'You do not have permission to do this.' };
    for (const roles of [[10], [3], [2], [4]] as RoleCode[][]) {
      const s = await staff(...roles);
      for (const [method, path, body] of [
        ['GET', `${RESTOCK_PATH}/groups`, undefined],
        ['GET', `${RESTOCK_PATH}?productId=p-last&variantId=v-last`, undefined],
        ['POST', `${RESTOCK_PATH}/send`, { productId: 'p-last', variantId: 'v-last' }],
        [
          'POST',
          `${RESTOCK_PATH}/send/all`,
          { sendRequests: [{ productId: 'p-last', variantId: 'v-last' }] },
        ],
      ] as const) {
        const res = await s.request(method, path, body);
        expect(res.statusCode, `${roles} ${method} ${path}`).toBe(403);
        expect(res.json()).toEqual(forbidden);
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${RESTOCK_PATH}/groups` });
    expect(anonymous.statusCode).toBe(401);
  });
});
