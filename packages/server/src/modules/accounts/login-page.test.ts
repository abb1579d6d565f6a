import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/session.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { STAFF_LOGIN_PATH } from './login-page.ts';
import { ROLES } from '@storefront/core';
import { STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe.each(DATABASES)('the staff sign-in page on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
    await makeAccount(t.app.database.db, 'editor@example.test', { kind: 'staff', roles: [ROLES.editor] });
    await makeAccount(t.app.database.db, 'customer@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs a staff member in through the form, without scripts', async () => {
    const browser = new Customer(t);
    const page = await browser.request('GET', STAFF_LOGIN_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<label for="password">Password</label>');
    const crumb = /name="crumb" value="([\w-]+)"/.exec(page.body)?.[1] as string;
    expect(crumb).toBe(browser.cookies.crumb);

    const wrong = await browser.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'editor@example.test', password: 'not it at all', crumb }),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The email address or password is incorrect.');
    expect(wrong.body).toContain('value="editor@example.test"');
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();

    // A customer's password does not open the staff side.
    const customer = await browser.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'customer@example.test', password: PASSWORD, crumb }),
    );
    expect(customer.statusCode).toBe(401);

    const right = await browser.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'editor@example.test', password: PASSWORD, crumb }),
    );
    expect(right.statusCode).toBe(303);
    // Signed in, to the back office's home (its dashboard).
    expect(right.headers.location).toBe('/config');
    expect(browser.cookies[SESSION_COOKIE]).toMatch(/^[\w-]{43}$/);
    expect((await browser.request('GET', STAFF_LOGIN_PATH)).body).toContain(
      'Signed in as editor@example.test.',
    );
    expect((await browser.request('GET', STAFF_SESSION_PATH)).json()).toMatchObject({
      authenticated: true,
      roles: [ROLES.editor],
    });
  });

  it('refuses a post without the crumb, showing the form again', async () => {
    const browser = new Customer(t);
    await browser.request('GET', STAFF_LOGIN_PATH);
    const res = await browser.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'editor@example.test', password: PASSWORD }),
      // A form post carries no header: only the crumb field could prove the page was ours.
      { 'x-csrf-token': '' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Your session has expired. Please reload the page and try again.');
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();
  });
});
