import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../forms/testing.ts';
import { cookieHeader, cookiesOf, DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../testing/app.ts';
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
