/**
 * Issue 20 (review): a signed-in customer's page costs one statement more than the same visitor's
 * page signed out, the session read, which brings the name and email the page shows with it (no
 * query of the account of its own).
 */
import { describe, expect, it } from 'vitest';
import { appForSuite, DATABASES, DEMO_SITE } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { recordStatements } from '../../testing/statements.ts';
import { signInNewCustomer } from './testing.ts';

/** The demo's digital product (unlimited stock). */
const EBOOK = { itemId: 'eaa43590bbbd5af55f175832', sku: 'JR-DIG-01', quantity: 1 };
const PRODUCT_PAGE = '/shop/linen-camp-shirt';

describe.each(DATABASES)('a signed-in page on $name', (database) => {
  const t = appForSuite(database, { siteDir: DEMO_SITE }, { webBundle: true });

  async function statementsOf(visitor: Shopper, path: string) {
    const recorder = recordStatements();
    try {
      const page = await visitor.request('GET', path);
      expect(page.statusCode).toBe(200);
      return { statements: recorder.statements, body: page.body };
    } finally {
      recorder.stop();
    }
  }

  it('reads the session with the name and email it shows: one statement more than signed out, none of the account alone', async () => {
    // Both visitors hold a cart, so that neither page is the anonymous one served from the page cache.
    const visitor = new Shopper(t);
    await visitor.start();
    expect((await visitor.add(EBOOK)).statusCode).toBe(200);

    const { browser: customer, id } = await signInNewCustomer(t, 'ada@example.test', 'Ada Lovelace');
    expect((await customer.add(EBOOK)).statusCode).toBe(200);

    for (const path of [PRODUCT_PAGE, '/cart']) {
      // Once each first: the catalogue cache fills on a page's first render (db/catalogue-cache.ts).
      for (const browser of [visitor, customer]) await statementsOf(browser, path);
      const signedOut = await statementsOf(visitor, path);
      const signedIn = await statementsOf(customer, path);
      // The page shows who is signed in (name and email come from the session read).
      const context = (await customer.request('GET', `${path}?format=json`)).json();
      expect(context.authenticatedAccount).toEqual({
        id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.test',
      });
      expect(signedIn.body).toContain('My account');
      expect(signedIn.statements.length, path).toBe(signedOut.statements.length + 1);
      const accountReads = signedIn.statements.filter((s) => /\bfrom\s+"?accounts"?/i.test(s));
      expect(accountReads, path).toEqual([]);
    }
  });
});
