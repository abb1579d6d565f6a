/**
 * Test support for site forms: a site folder (the server's fixture site plus forms and a page that
 * carries the form marker), an SMTP peer on loopback (smtp-server), and an ALTCHA solver.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SMTPServer } from 'smtp-server';
import { FIXTURE_SITE } from '../../testing/databases.ts';

export const OWNER = 'owner@example.test';

/** A form holding every field type of spec section 3. */
export const EVERY_TYPE_FORM = {
  id: 'every',
  name: 'Every Field',
  submitButtonText: 'Send',
  notificationEmail: OWNER,
  submissionMessage: { html: '<p>Thank you, every field arrived.</p>' },
  disclaimerMessage: { html: '<p>We keep your answers private.</p>' },
  captchaEnabled: false,
  fields: [
    { id: 'f-text', type: 'text', title: 'Favourite colour', required: true },
    { id: 'f-textarea', type: 'textarea', title: 'Message', required: true, maxLength: 20 },
    { id: 'f-email', type: 'email', title: 'Email', required: true },
    { id: 'f-currency', type: 'currency', title: 'Budget' },
    { id: 'f-number', type: 'number', title: 'Guests' },
    { id: 'f-website', type: 'website', title: 'Website' },
    { id: 'f-password', type: 'password', title: 'Passphrase' },
    { id: 'f-twitter', type: 'twitter', title: 'Twitter' },
    { id: 'f-date', type: 'date', title: 'Date', required: true },
    { id: 'f-time', type: 'time', title: 'Time' },
    { id: 'f-name', type: 'name', title: 'Name', required: true },
    { id: 'f-address', type: 'address', title: 'Address' },
    { id: 'f-phone', type: 'phone', title: 'Phone', countryCode: true },
    {
      id: 'f-section',
      type: 'section',
      title: 'About the visit',
      description: '<p>A few more questions.</p>',
    },
    { id: 'f-radio', type: 'radio', title: 'Visit type', required: true, options: ['Workshop', 'Shop'] },
    { id: 'f-checkbox', type: 'checkbox', title: 'Topics', required: true, options: ['Glaze', 'Wheel'] },
    { id: 'f-select', type: 'select', title: 'Source', required: true, options: ['Friend', 'Search'] },
    { id: 'f-likert', type: 'likert', title: 'Opinions', questions: ['Classes are fun', 'Prices are fair'] },
    { id: 'f-hidden', type: 'hidden', title: 'Campaign', key: 'campaign', value: 'spring' },
  ],
};

/** A complete, valid answer set for EVERY_TYPE_FORM. */
export const EVERY_TYPE_ANSWERS = {
  'f-text': 'Blue',
  'f-textarea': 'Hello there',
  'f-email': 'ada@example.test',
  'f-currency': '12.50',
  'f-number': '3',
  'f-website': 'https://example.test',
  'f-password': 'secret',
  'f-twitter': '@ada',
  'f-date': { Month: '5', Day: '17', Year: '2026' },
  'f-time': { Hour: '10', Minute: '30', Second: '00', Ampm: 'AM' },
  'f-name': { First: 'Ada', Last: 'Lovelace' },
  'f-address': { Line1: '1 Clay St', Line2: '', City: 'Hudson', State: 'NY', Zip: '12534', Country: 'US' },
  'f-phone': { Country: '1', Areacode: '518', Prefix: '555', Line: '0142' },
  'f-radio': 'Workshop',
  'f-checkbox': ['Glaze', 'Wheel'],
  'f-select': 'Friend',
  'f-likert': { 'Classes are fun': '2', 'Prices are fair': '1' },
};

export const CAPTCHA_FORM = {
  id: 'guarded',
  name: 'Guarded',
  notificationEmail: OWNER,
  captchaEnabled: true,
  successRedirect: '/shop',
  fields: [{ id: 'g-email', type: 'email', title: 'Email', required: true }],
};

/** The fixture site plus forms and a `/forms` page holding the markers of both forms. */
export function makeFormSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-forms-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  mkdirSync(join(dir, 'content/forms'), { recursive: true });
  writeFileSync(join(dir, 'content/forms/every.json'), JSON.stringify(EVERY_TYPE_FORM, null, 2));
  writeFileSync(join(dir, 'content/forms/guarded.json'), JSON.stringify(CAPTCHA_FORM, null, 2));
  writeFileSync(
    join(dir, 'content/collections/forms.json'),
    JSON.stringify({
      id: 'c-forms',
      urlId: 'forms',
      title: 'Forms',
      typeName: 'page',
      type: 7,
      template: 'forms',
    }),
  );
  writeFileSync(
    join(dir, 'template/pages/forms.page'),
    '<h1>Forms</h1>\n<div class="sf-form" data-form-id="every"><p class="sf-form__fallback">Loading the form…</p></div>\n',
  );
  writeFileSync(join(dir, 'template/pages/forms.page.conf'), JSON.stringify({ title: 'Forms' }));
  writeFileSync(
    join(dir, 'template/pages/guarded.page'),
    '<h1>Guarded</h1>\n<div class="sf-form" data-form-id="guarded"></div>\n',
  );
  writeFileSync(join(dir, 'template/pages/guarded.page.conf'), JSON.stringify({ title: 'Guarded' }));
  writeFileSync(
    join(dir, 'content/collections/guarded.json'),
    JSON.stringify({ id: 'c-guarded', urlId: 'guarded', title: 'Guarded', typeName: 'page', type: 7 }),
  );
  writeFileSync(
    join(dir, 'template/pages/missing.page'),
    '<h1>Missing</h1>\n<div class="sf-form" data-form-id="nope"></div>\n',
  );
  writeFileSync(join(dir, 'template/pages/missing.page.conf'), JSON.stringify({ title: 'Missing' }));
  writeFileSync(
    join(dir, 'content/collections/missing.json'),
    JSON.stringify({ id: 'c-missing', urlId: 'missing', title: 'Missing', typeName: 'page', type: 7 }),
  );
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random loopback port, keeping what it receives. */
export async function smtpPeer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Solves an ALTCHA challenge as the widget does; answers the payload sent as `captchaKey`. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the captcha could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function waitFor<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}
