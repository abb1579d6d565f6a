/**
 * A small in-process HTTP server keeping the cart API contract of docs/interfaces.md (crumb cookie
 * and header, CART / hasCart cookies, refusals as `{ code, message }`, `403 { crumbFail: true }`),
 * for the islands' tests in happy-dom. Not the real server: web must not import `@storefront/server`.
 */
import { type IncomingMessage, type ServerResponse, type Server, createServer } from 'node:http';
import type { CartEntry, ShoppingCart } from '../api.ts';

export interface FakeVariant {
  sku: string;
  priceCents: number;
  stock: number;
  attributes?: Record<string, string>;
}

export interface FakeProduct {
  itemId: string;
  title: string;
  variants: FakeVariant[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  csrf: string | undefined;
  body: unknown;
}

export interface FakeCartServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** The next matching call answers this instead. */
  failNext(method: string, status: number, body: unknown): void;
  /** Holds GET answers until `release()` (to test reads in flight). */
  holdReads(): { release(): void };
  /** Creates a cart server-side and answers its token (for a CART cookie). */
  seedCart(entries: { sku: string; quantity: number; additionalFields?: string }[]): string;
  close(): Promise<void>;
}

const CRUMB = 'crumb-0123456789abcdef';

function cookiesOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export interface FakeServerExtras {
  /** Form definitions answered by `GET /api/template/GetTemplateSchema?type=form&formId=`. */
  forms?: Record<string, unknown>;
  /** HTML pages by path (product pages for quick view). */
  pages?: Record<string, string>;
}

export async function startFakeCartServer(
  products: FakeProduct[],
  extras: FakeServerExtras = {},
): Promise<FakeCartServer> {
  const carts = new Map<string, CartEntry[]>();
  const requests: RecordedRequest[] = [];
  const failures: { method: string; status: number; body: unknown }[] = [];
  let held: (() => void)[] | null = null;
  let nextId = 1;

  const find = (sku: string) => {
    for (const p of products) {
      const v = p.variants.find((x) => x.sku === sku);
      if (v) return { p, v };
    }
    return undefined;
  };

  const cartOf = (token: string | undefined): ShoppingCart => {
    const entries = (token && carts.get(token)) || [];
    const subtotalCents = entries.reduce((n, e) => n + e.unitPriceCents * e.quantity, 0);
    return {
      id: token ?? '',
      entries,
      subtotalCents,
      subtotalAmount: { decimalValue: (subtotalCents / 100).toFixed(2), currencyCode: 'USD' },
      totalQuantity: entries.reduce((n, e) => n + e.quantity, 0),
    };
  };

  const makeEntry = (sku: string, quantity: number, additionalFields: string | null): CartEntry => {
    const found = find(sku);
    if (!found) throw new Error(`unknown sku ${sku}`);
    const attributes = found.v.attributes ?? {};
    return {
      id: `entry-${nextId++}`,
      itemId: found.p.itemId,
      quantity,
      chosenVariant: {
        sku,
        attributes,
        optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
        onSale: false,
      },
      additionalFields,
      unitPriceCents: found.v.priceCents,
      item: { title: found.p.title, fullUrl: `/shop/${found.p.itemId}`, assetUrl: null, productType: 1 },
    };
  };

  const send = (res: ServerResponse, status: number, body: unknown, cookies: string[] = []) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    if (cookies.length) res.setHeader('set-cookie', cookies);
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.method ?? 'GET';
    const csrf = req.headers['x-csrf-token'];
    requests.push({ method, path: url.pathname, csrf: typeof csrf === 'string' ? csrf : undefined, body });
    const cookies = cookiesOf(req);
    const token = cookies.CART;
    const setCookies = cookies.crumb ? [] : [`crumb=${CRUMB}; Path=/`];

    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(res, f!.status, f!.body);
    }
    if (method === 'GET' && extras.pages?.[url.pathname] !== undefined) {
      res.statusCode = 200;
      res.setHeader('content-type', 'text/html');
      return res.end(extras.pages[url.pathname]);
    }
    if (method === 'GET' && url.pathname === '/api/template/GetTemplateSchema') {
      const form = extras.forms?.[url.searchParams.get('formId') ?? ''];
      if (!form)
        return send(res, 404, { code: 'form-not-found', message: 'This form has not been configured yet.' });
      return send(res, 200, { type: 'form', form });
    }
    if (method === 'GET' && url.pathname === '/api/commerce/shopping-cart') {
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      return send(res, 200, cartOf(token), setCookies);
    }
    if (method !== 'GET' && (!cookies.crumb || csrf !== cookies.crumb)) {
      return send(res, 403, { crumbFail: true });
    }
    if (method === 'POST' && url.pathname === '/api/commerce/shopping-cart/entries') {
      const b = body as { sku: string; quantity: number; additionalFields?: string };
      const found = find(b.sku);
      if (!found)
        return send(res, 400, {
          code: 'variant-unavailable',
          message: 'Sorry, that item variant is unavailable. Please select another variant.',
        });
      const t = token && carts.has(token) ? token : `cart-${nextId++}`;
      const entries = carts.get(t) ?? [];
      const existing = entries.find((e) => e.chosenVariant.sku === b.sku);
      const inCart = existing?.quantity ?? 0;
      if (inCart + b.quantity > found.v.stock) {
        return send(res, 409, {
          code: 'not-enough-stock',
          message: 'Sorry, we do not have enough of that item available.',
        });
      }
      let added: CartEntry;
      if (existing) {
        existing.quantity += b.quantity;
        added = existing;
      } else {
        added = makeEntry(b.sku, b.quantity, b.additionalFields ?? null);
        entries.push(added);
      }
      carts.set(t, entries);
      return send(res, 200, { shoppingCart: cartOf(t), newlyAdded: added }, [
        `CART=${t}; Path=/`,
        'hasCart=true; Path=/',
      ]);
    }
    const m = /^\/api\/commerce\/shopping-cart\/entries\/([^/]+)(\/quantity|\/additionalFields)?$/.exec(
      url.pathname,
    );
    const entries = token ? carts.get(token) : undefined;
    const entry = m && entries?.find((e) => e.id === decodeURIComponent(m[1]!));
    if (m && entries && entry) {
      if (method === 'PUT' && m[2] === '/additionalFields') {
        entry.additionalFields = (body as { additionalFields: string }).additionalFields;
        return send(res, 200, { shoppingCart: cartOf(token), updatedEntry: entry });
      }
      if (method === 'PUT' && m[2]) {
        const q = (body as { quantity: number }).quantity;
        if (q === 0) entries.splice(entries.indexOf(entry), 1);
        else entry.quantity = q;
        return send(res, 200, { shoppingCart: cartOf(token) });
      }
      if (method === 'DELETE' && !m[2]) {
        entries.splice(entries.indexOf(entry), 1);
        return send(res, 200, { shoppingCart: cartOf(token) });
      }
    }
    return send(res, 404, { code: 'not-found', message: 'Not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

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
          for (const r of waiting) r();
        },
      };
    },
    seedCart: (items) => {
      const t = `cart-${nextId++}`;
      carts.set(
        t,
        items.map((i) => makeEntry(i.sku, i.quantity, i.additionalFields ?? null)),
      );
      return t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
