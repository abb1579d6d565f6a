/**
 * Test support: the real server (buildApp on a fresh SQLite database) for the islands' tests in
 * happy-dom, serving a site folder made of the server's fixture template and the products (and
 * forms) a suite names. A thin HTTP front records each request and can stand in for the server on
 * the next call (a fault, a refusal the site's data cannot provoke) or hold reads; everything else
 * is answered by the app through Fastify's inject. It lives outside the packages because it joins
 * two that must not import each other (web never imports the server, not even its tests directly).
 * Suites using it run in the `storefront-browser` environment (web/src/testing/happy-dom-env.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddEntryRequest, RefusalBody } from '@storefront/core/wire';
import type { Challenge } from 'altcha-lib';
import type { Config } from '../packages/server/src/config.ts';
import { solveCaptcha } from '../packages/server/src/modules/forms/testing.ts';
import {
  DATABASES,
  FIXTURE_SITE,
  type TestApp,
  cookieHeader,
  cookiesOf,
  startApp,
} from '../packages/server/src/testing/app.ts';

export interface StoreVariant {
  sku: string;
  priceCents: number;
  stock: number;
  attributes?: Record<string, string>;
}

export interface StoreProduct {
  itemId: string;
  title: string;
  variants: StoreVariant[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  csrf: string | undefined;
  body: unknown;
}

export interface StoreServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** The next call with this method is answered so instead of by the server (a refusal, or `{}` for a fault). */
  failNext(method: string, status: number, body: RefusalBody | Record<string, never>): void;
  /** Holds cart reads until `release()` (to test reads in flight). */
  holdReads(): { release(): void };
  /** A solved captcha of the server's own challenge, as the ALTCHA widget hands it over. */
  solvedCaptcha(): Promise<string>;
  /** Puts entries in a new cart through the cart API and answers its token (for a CART cookie). */
  seedCart(entries: { sku: string; quantity: number; additionalFields?: string }[]): Promise<string>;
  close(): Promise<void>;
}

export interface StoreServerExtras {
  /** Form definitions (content/forms/<id>.json), as the site folder holds them. */
  forms?: Record<string, unknown>;
  /** HTML pages by path, answered by the front (product pages for quick view). */
  pages?: Record<string, string>;
  /** Merged into the site's `websiteSettings` (comments and likes on, for one). */
  websiteSettings?: Record<string, unknown>;
  /** The journal's posts open to comments (`commentState` 1). */
  commentsOpen?: boolean;
  /** Server settings for the suite (a cheap captcha, for one). */
  config?: Partial<Config>;
}

const CART_PATH = '/api/commerce/shopping-cart';
const SEED_CRUMB = 'seed-crumb-0123456789';

const money = (cents: number) => ({ currency: 'USD', value: (cents / 100).toFixed(2) });

/** A product as the site folder's content holds it (docs/interfaces.md, "Site folder"). */
function productContent(p: StoreProduct) {
  const attributes = (v: StoreVariant) => v.attributes ?? {};
  return {
    id: p.itemId,
    urlId: p.itemId,
    title: p.title,
    recordType: 11,
    body: `<p>${p.title}</p>`,
    excerpt: '',
    assetUrl: null,
    items: [],
    tags: [],
    categories: [],
    starred: false,
    addedOn: 1700000000000,
    structuredContent: {
      productType: 1,
      variants: p.variants.map((v) => ({
        id: `${p.itemId}-${v.sku}`,
        sku: v.sku,
        attributes: attributes(v),
        optionValues: Object.entries(attributes(v)).map(([optionName, value]) => ({ optionName, value })),
        priceMoney: money(v.priceCents),
        salePriceMoney: money(0),
        onSale: false,
        qtyInStock: v.stock,
        unlimited: false,
      })),
      variantOptionOrdering: Object.keys(attributes(p.variants[0] ?? { sku: '', priceCents: 0, stock: 0 })),
      isSubscribable: false,
      useCustomAddButtonText: false,
      customAddButtonText: '',
    },
  };
}

/** The fixture site with its shop holding `products` instead of its own. */
function writeSite(products: StoreProduct[], extras: StoreServerExtras): string {
  const forms = extras.forms ?? {};
  const dir = mkdtempSync(join(tmpdir(), 'storefront-web-site-'));
  // A copy, not a link: a site folder's files must really be inside it (site/contained-path.ts).
  cpSync(join(FIXTURE_SITE, 'template'), join(dir, 'template'), { recursive: true });
  cpSync(join(FIXTURE_SITE, 'content'), join(dir, 'content'), { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(shopFile, JSON.stringify({ ...shop, items: products.map(productContent) }));
  mkdirSync(join(dir, 'content/forms'), { recursive: true });
  for (const [id, form] of Object.entries(forms))
    writeFileSync(join(dir, 'content/forms', `${id}.json`), JSON.stringify(form));
  if (extras.websiteSettings) {
    const websiteFile = join(dir, 'content/website.json');
    const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as { websiteSettings: object };
    Object.assign(website.websiteSettings, extras.websiteSettings);
    writeFileSync(websiteFile, JSON.stringify(website));
  }
  if (extras.commentsOpen) {
    const journalFile = join(dir, 'content/collections/journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { items: Record<string, unknown>[] };
    for (const item of journal.items) item.commentState = 1;
    writeFileSync(journalFile, JSON.stringify(journal));
  }
  return dir;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStoreServer(
  products: StoreProduct[],
  extras: StoreServerExtras = {},
): Promise<StoreServer> {
  const siteDir = writeSite(products, extras);
  const sqlite = DATABASES.find((d) => d.name === 'sqlite')!;
  let started: TestApp;
  try {
    started = await startApp(sqlite, { ...extras.config, siteDir });
  } catch (error) {
    rmSync(siteDir, { recursive: true, force: true });
    throw error;
  }
  const { app } = started;
  const requests: RecordedRequest[] = [];
  const failures: { method: string; status: number; body: unknown }[] = [];
  let held: (() => void)[] | null = null;

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://x');
    const csrf = req.headers['x-csrf-token'];
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    requests.push({ method, path: url.pathname, csrf: typeof csrf === 'string' ? csrf : undefined, body });

    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return sendJson(res, f!.status, f!.body);
    }
    const page = method === 'GET' ? extras.pages?.[url.pathname] : undefined;
    if (page !== undefined) {
      res.setHeader('content-type', 'text/html');
      return res.end(page);
    }
    if (method === 'GET' && url.pathname === CART_PATH && held)
      await new Promise<void>((resolve) => held!.push(resolve));

    const answer = await app.inject({
      method: method as 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      ...(text ? { payload: text } : {}),
    });
    res.statusCode = answer.statusCode;
    for (const [name, value] of Object.entries(answer.headers)) {
      // The front answers whole bodies; the app's framing headers describe its own connection.
      if (value === undefined || name === 'transfer-encoding' || name === 'connection') continue;
      res.setHeader(name, value as string | string[]);
    }
    res.end(answer.rawPayload);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => sendJson(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const seedCart: StoreServer['seedCart'] = async (entries) => {
    let cookies: Record<string, string> = { crumb: SEED_CRUMB };
    for (const entry of entries) {
      const product = products.find((p) => p.variants.some((v) => v.sku === entry.sku));
      if (!product) throw new Error(`no product has the SKU ${entry.sku}`);
      const request: AddEntryRequest = {
        itemId: product.itemId,
        sku: entry.sku,
        quantity: entry.quantity,
        ...(entry.additionalFields === undefined ? {} : { additionalFields: entry.additionalFields }),
      };
      const answer = await app.inject({
        method: 'POST',
        url: `${CART_PATH}/entries`,
        headers: { cookie: cookieHeader(cookies), 'x-csrf-token': SEED_CRUMB },
        payload: request,
      });
      if (answer.statusCode !== 200) throw new Error(`the server refused the seed: ${answer.body}`);
      cookies = { ...cookies, ...cookiesOf(answer.headers['set-cookie']) };
    }
    if (!cookies.CART) throw new Error('the seed made no cart');
    return cookies.CART;
  };

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    failNext: (method, status, body) => failures.push({ method, status, body }),
    holdReads: () => {
      held = [];
      return {
        release: () => {
          const waiting = held ?? [];
          held = null;
          for (const resolve of waiting) resolve();
        },
      };
    },
    seedCart,
    solvedCaptcha: async () => {
      const challenge = await app.inject({ method: 'GET', url: '/api/form/captcha/challenge' });
      return solveCaptcha(challenge.json<Challenge>());
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await started.close();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}
