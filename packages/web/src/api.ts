/**
 * The cart HTTP API (docs/interfaces.md, spec section 7) as the browser calls it. Every mutating call
 * sends the `crumb` cookie's value in `X-CSRF-Token`. Failures become `CartApiError` carrying the
 * shopper's message from core's catalogue (spec section 8) or the server's refusal text.
 */
import { type LocalizedStrings, message } from './core.ts';
import type {
  AddEntryAnswer,
  AddEntryRequest as WireAddEntryRequest,
  ApplyCouponRequest,
  CartAnswer,
  QuantityRequest,
  ShoppingCart,
  SubscriptionAnswer,
  SubscriptionRequest as WireSubscriptionRequest,
  UpdateFieldsAnswer,
  UpdateFieldsRequest as WireUpdateFieldsRequest,
} from '@storefront/core/wire';
import { writeHeaders } from './cookies.ts';

// The wire contract is core's (the server answers with the same types).
export type { AddEntryAnswer, CartEntry, ShoppingCart, UpdateFieldsAnswer } from '@storefront/core/wire';

/** What the browser sends: always a variant and a whole quantity (a narrowing of the wire's request). */
export interface AddEntryRequest extends WireAddEntryRequest {
  sku: string;
  quantity: number;
  additionalFields?: string;
}

export interface SubscriptionRequest extends WireSubscriptionRequest {
  sku: string;
  qty: number;
  additionalFields?: string;
}

export interface UpdateFieldsRequest extends WireUpdateFieldsRequest {
  itemId: string;
  sku: string;
  additionalFields: string;
}

/** Why a call failed, as the shopper is told. */
export type FailureKind = 'crumb' | 'rate-limited' | 'cookies' | 'network' | 'refused' | 'server';

export class CartApiError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
    this.name = 'CartApiError';
  }
}

export interface CartApi {
  getCart(): Promise<ShoppingCart>;
  addEntry(req: AddEntryRequest): Promise<AddEntryAnswer>;
  setQuantity(entryId: string, quantity: number): Promise<ShoppingCart>;
  removeEntry(entryId: string): Promise<ShoppingCart>;
  /** Edit Details (spec section 7): replaces an entry's additional-fields answers. */
  updateAdditionalFields(entryId: string, req: UpdateFieldsRequest): Promise<UpdateFieldsAnswer>;
  /** Subscription items (spec section 7): answers the cart token for the subscription page. */
  createSubscriptionCart(req: SubscriptionRequest): Promise<SubscriptionAnswer>;
  /** A discount code on the cart (issue 17): refused with the reason in the shopper's words. */
  applyCoupon(code: string): Promise<ShoppingCart>;
  removeCoupon(code: string): Promise<ShoppingCart>;
}

export interface CartApiOptions {
  fetch?: typeof fetch;
  /** Where the API lives; '' (same origin) in the browser. */
  baseUrl?: string;
  /** The current `document.cookie` string (read at each call: the crumb may arrive late). */
  cookies: () => string;
  cookiesEnabled: () => boolean;
  localizedStrings?: LocalizedStrings;
}

export const CART_PATH = '/api/commerce/shopping-cart';
export const SUBSCRIPTION_PATH = '/api/3/commerce/cart/subscription';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Turns a failed answer into the shopper's message (spec section 8). */
export function failureOf(status: number, body: unknown, ls?: LocalizedStrings): CartApiError {
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : '';
  if (status === 403 && isRecord(body) && body.crumbFail === true) {
    return new CartApiError('crumb', message('cart.crumb-fail', {}, ls), status, 'crumb-fail');
  }
  if (status === 429) return new CartApiError('rate-limited', message('rate-limited', {}, ls), status, code);
  const text = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  if (status >= 400 && status < 500 && text) return new CartApiError('refused', text, status, code);
  return new CartApiError('server', message('cart.try-again', {}, ls), status, code);
}

export function createCartApi(options: CartApiOptions): CartApi {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = options.baseUrl ?? '';
  const ls = options.localizedStrings;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const mutating = method !== 'GET';
    if (mutating && !options.cookiesEnabled()) {
      throw new CartApiError('cookies', message('cart.cookies-off', {}, ls));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (mutating) Object.assign(headers, writeHeaders(options.cookies()));
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new CartApiError('network', message('cart.check-connection', {}, ls));
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (!response.ok) throw failureOf(response.status, parsed, ls);
    if (!isRecord(parsed))
      throw new CartApiError('server', message('cart.try-again', {}, ls), response.status);
    return parsed as T;
  }

  const entryPath = (id: string) => `${CART_PATH}/entries/${encodeURIComponent(id)}`;

  return {
    getCart: () => call<ShoppingCart>('GET', CART_PATH),
    addEntry: (req) => call<AddEntryAnswer>('POST', `${CART_PATH}/entries`, req),
    setQuantity: async (entryId, quantity) =>
      (
        await call<CartAnswer>('PUT', `${entryPath(entryId)}/quantity`, {
          quantity,
        } satisfies QuantityRequest)
      ).shoppingCart,
    removeEntry: async (entryId) => (await call<CartAnswer>('DELETE', entryPath(entryId))).shoppingCart,
    updateAdditionalFields: (entryId, req) =>
      call<UpdateFieldsAnswer>('PUT', `${entryPath(entryId)}/additionalFields`, req),
    createSubscriptionCart: (req) => call<SubscriptionAnswer>('POST', SUBSCRIPTION_PATH, req),
    applyCoupon: async (code) =>
      (await call<CartAnswer>('POST', `${CART_PATH}/coupons`, { code } satisfies ApplyCouponRequest))
        .shoppingCart,
    removeCoupon: async (code) =>
      (await call<CartAnswer>('DELETE', `${CART_PATH}/coupons/${encodeURIComponent(code)}`)).shoppingCart,
  };
}
