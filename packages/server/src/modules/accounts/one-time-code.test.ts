import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/session.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { CODE_ATTEMPTS } from './one-time-code.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { ACCOUNT_API } from './routes.ts';
import { Customer, lastMail, makeAccount } from './testing.ts';

const CODE_API = `${ACCOUNT_API}/code`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const crumbOf = (html: string) => /name="crumb" value="([\w-]+)"/.exec(html)?.[1] as string;

describe.each(DATABASES)('sign-in by a mailed code on $name', (database) => {
  const t = appForSuite(database);

  const mailedCode = async (to: string) => {
    const mail = await lastMail(t.db, to, 'account-code');
    const code = /code is (\d{6})/.exec(mail?.body ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return { code, body: mail?.body ?? '' };
  };
  const askCode = async (visitor: Customer, email: string) => {
    const res = await visitor.request('POST', CODE_API, { email });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { message: string };
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails six digits, kept only as a digest, that sign in once; an unknown address gets the same answer', async () => {
    await makeAccount(t.db, 'ada@example.test');
    const visitor = new Customer(t);
    await visitor.start();
    const known = await askCode(visitor, 'Ada@Example.test');
    const unknown = await askCode(visitor, 'nobody@example.test');
    expect(unknown).toEqual(known);
    expect(known.message).toBe(
      'If an account uses this address, we have sent it a sign-in code. Enter it below.',
    );
    expect(await lastMail(t.db, 'nobody@example.test')).toBeUndefined();

    const { code, body } = await mailedCode('ada@example.test');
    // The link names the pending sign-in by an opaque token, never by the address.
    expect(body).toMatch(/http:\/\/storefront\.test\/account\/login\/code\?pending=[\w-]{43}\b/);
    expect(body).not.toMatch(/\?[^\s]*ada(%40|@)example/);
    const stored = await t.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('purpose', '=', 'sign-in-code')
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = await visitor.request('POST', `${CODE_API}/verify`, {
      email: 'ada@example.test',
      code: wrongCode(code),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'account.code-invalid',
      message: 'This code is wrong, has expired or has already been used. Please ask for a new one.',
    });
    expect(visitor.cookies[SESSION_COOKIE]).toBeUndefined();

    const right = await visitor.request('POST', `${CODE_API}/verify`, { email: 'ada@example.test', code });
    expect(right.statusCode, right.body).toBe(200);
    visitor.xsrfToken = (right.json() as { xsrfToken: string }).xsrfToken;
    expect((await visitor.request('GET', ACCOUNT_API)).json()).toMatchObject({ email: 'ada@example.test' });

    const elsewhere = new Customer(t);
    await elsewhere.start();
    const again = await elsewhere.request('POST', `${CODE_API}/verify`, { email: 'ada@example.test', code });
    expect(again.statusCode).toBe(400);
  });

  it(`burns the code after ${CODE_ATTEMPTS} wrong tries, refuses an expired one, and a new code replaces the last`, async () => {
    await makeAccount(t.db, 'grace@example.test');
    const visitor = new Customer(t);
    await visitor.start();
    await askCode(visitor, 'grace@example.test');
    const { code } = await mailedCode('grace@example.test');
    for (let i = 0; i < CODE_ATTEMPTS; i++) {
      const res = await visitor.request('POST', `${CODE_API}/verify`, {
        email: 'grace@example.test',
        code: wrongCode(code),
      });
      expect(res.statusCode).toBe(400);
    }
    const burnt = await visitor.request('POST', `${CODE_API}/verify`, { email: 'grace@example.test', code });
    expect(burnt.statusCode).toBe(400);

    // A new code has its own tries; the one before it stops working.
    await askCode(visitor, 'grace@example.test');
    const second = (await mailedCode('grace@example.test')).code;
    await askCode(visitor, 'grace@example.test');
    const third = (await mailedCode('grace@example.test')).code;
    if (second !== third) {
      const replaced = await visitor.request('POST', `${CODE_API}/verify`, {
        email: 'grace@example.test',
        code: second,
      });
      expect(replaced.statusCode).toBe(400);
    }
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const expired = await visitor.request('POST', `${CODE_API}/verify`, {
      email: 'grace@example.test',
      code: third,
    });
    expect(expired.statusCode).toBe(400);
  });

  it('signs in without scripts from /account/login; opening the mailed link spends nothing', async () => {
    await makeAccount(t.db, 'emmy@example.test', { verified: false });
    const browser = new Customer(t);
    const login = await browser.request('GET', ACCOUNT_PAGES.login);
    expect(login.body).toContain(`<a href="${ACCOUNT_PAGES.code}">Email me a code</a>`);
    const ask = await browser.request('GET', ACCOUNT_PAGES.code);
    expect(ask.statusCode).toBe(200);
    const sent = await browser.request(
      'POST',
      ACCOUNT_PAGES.code,
      form({ email: 'emmy@example.test', crumb: crumbOf(ask.body) }),
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('we have sent it a sign-in code');
    expect(sent.body).toContain('autocomplete="one-time-code"');
    const { code, body } = await mailedCode('emmy@example.test');

    // A mail scanner following the link, many times, neither spends the code nor its tries.
    const mailed = new URL(/http:\S+/.exec(body)?.[0] as string);
    const link = mailed.pathname + mailed.search;
    const pending = new URLSearchParams(link.split('?')[1]).get('pending') as string;
    expect(link).toBe(`${ACCOUNT_PAGES.code}?pending=${pending}`);
    for (let i = 0; i < CODE_ATTEMPTS + 1; i++) {
      const scanned = await new Customer(t).request('GET', link);
      expect(scanned.statusCode).toBe(200);
    }
    const opened = await browser.request('GET', link);
    expect(opened.body).toContain(`name="pending" value="${pending}"`);
    expect(opened.body).not.toContain('emmy@example.test');
    const wrong = await browser.request(
      'POST',
      ACCOUNT_PAGES.code,
      form({ pending, code: wrongCode(code), crumb: crumbOf(opened.body) }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('This code is wrong');
    expect(wrong.body).toContain('autocomplete="one-time-code"');
    expect(wrong.body).toContain(`name="pending" value="${pending}"`);
    // The right code with a token that is not the mailed one: no sign-in.
    const forged = await browser.request(
      'POST',
      ACCOUNT_PAGES.code,
      form({ pending: 'x'.repeat(43), code, crumb: crumbOf(opened.body) }),
    );
    expect(forged.statusCode).toBe(400);

    const signedIn = await browser.request(
      'POST',
      ACCOUNT_PAGES.code,
      form({ pending, code, rememberMe: 'on', crumb: crumbOf(opened.body) }),
    );
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe(ACCOUNT_PAGES.account);
    expect((await browser.request('GET', ACCOUNT_PAGES.account)).body).toContain(
      'Signed in as emmy@example.test.',
    );
    // The code arrived in the mailbox: the address is confirmed.
    const account = await t.db
      .selectFrom('accounts')
      .select('email_verified_at')
      .where('email_key', '=', 'emmy@example.test')
      .executeTakeFirstOrThrow();
    expect(account.email_verified_at).not.toBeNull();
  });
});
