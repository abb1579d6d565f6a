import { randomBytes, randomUUID } from 'node:crypto';
import {
  cartTotals,
  centsToMoney,
  findVariantBySku,
  minorToDecimal,
  parseProduct,
  productOf,
  validateAddToCart,
  validateQuantityChange,
  variantIdOf,
  variantStock,
  variantUnitPrice,
  findDiscountCode,
  priceCart,
  type Cents,
  type DiscountUsage,
  type LocalizedStrings,
  type Product,
} from '@storefront/core';
import type { CartEntry, ShoppingCart, WireMoney } from '@storefront/core/wire';
import { getItemsByIds, itemsWithCollectionUrls, productStock } from '../catalogue/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { CartEntryRow, CartRow } from './tables.ts';
import {
  cartEntryRows,
  deleteCartEntry,
  findCartEntry,
  insertCart,
  insertCartEntries,
  insertCartEntryQuery,
  insertCartQuery,
  markCartUpdated,
  openCartByToken,
  setCartEntryFields,
  setCartEntryQuantity,
  setEntryQuantityQuery,
  touchCartQuery,
} from './store.ts';
import { limitedTransaction, type CountedLimit, type LimitedWork } from '../../platform/http/rate-limit.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { apiError, coreRefusal, type ApiError } from '../../platform/http/errors.ts';
import { fromCore, runRefusable, type Checked } from './rules.ts';
import {
  cartChoices,
  NO_PRICING,
  NO_PRICING_CHOICES,
  pricingLines,
  shopperUsage,
  type CommercePricing,
  type Shopper,
} from './pricing.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

// The cart as the API answers it: core's wire contract, which the browser's client reads too.
export type { CartEntry, ShoppingCart } from '@storefront/core/wire';

export interface CartSettings {
  websiteId: string;
  currency: string;
  /** Discount codes, shipping and tax (commerce/pricing.ts); none when absent. */
  pricing?: CommercePricing;
}

// ------------------------------------------------------------------ reads

// Tokens are base64url (see addEntry); anything else cannot name a cart.
const CART_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

export async function findCart(db: Db, token: string | undefined): Promise<CartRow | undefined> {
  if (!token || !CART_TOKEN.test(token)) return undefined;
  return openCartByToken(db, token);
}

export function emptyCart(settings: CartSettings): ShoppingCart {
  return buildCart(undefined, [], settings);
}

/**
 * The cart with its entries, priced from the live catalogue; entries whose product or variant is
 * gone are left out. With the signed-in `shopper`, their own orders count against the code's
 * per-customer limit already (the order counts its email; the account's is what we know before it).
 */
export async function readCart(
  db: Db,
  cart: CartRow | undefined,
  settings: CartSettings,
  shopper?: Shopper,
): Promise<ShoppingCart> {
  if (!cart) return emptyCart(settings);
  const rows = await cartEntryRows(db, cart.id);
  const { items, collectionUrls } = await itemsWithCollectionUrls(
    db,
    rows.map((r) => r.item_id),
    Date.now(),
  );
  // The add's answer leaves usage out (one statement fewer on the hot path); the order claims it anyway.
  const code =
    cart.coupon_code && findDiscountCode(pricingOf(settings).config.discountCodes, cart.coupon_code);
  const usage = code ? { [code.code]: await shopperUsage(db, code, shopper) } : {};
  return buildCart(cart, pricedEntries(rows, items, collectionUrls), settings, usage);
}

/** The wire entries of `rows` (in their order), priced from `items`; rows whose product or variant is gone are left out. */
function pricedEntries(
  rows: readonly CartEntryRow[],
  items: Map<string, ItemContent>,
  collections: Map<string, string>,
): CartEntry[] {
  const entries: CartEntry[] = [];
  for (const r of rows) {
    const item = items.get(r.item_id);
    const product = item && productOf(item);
    const variant = product && findVariantBySku(product, r.sku);
    if (!item || !product || !variant) continue;
    const price = variantUnitPrice(product, variant);
    entries.push({
      id: r.id,
      itemId: r.item_id,
      quantity: r.quantity,
      chosenVariant: {
        sku: r.sku,
        attributes: { ...variant.attributes },
        optionValues: variant.optionValues.map((o) => ({ ...o })),
        priceMoney: wireMoney(variant.price),
        salePriceMoney: wireMoney(variant.salePrice),
        onSale: variant.onSale,
      },
      additionalFields: r.additional_fields,
      unitPriceCents: price.cents,
      item: {
        title: item.title,
        fullUrl: `/${collections.get(String(item.collectionId)) ?? ''}/${item.urlId}`,
        assetUrl: typeof item.assetUrl === 'string' ? item.assetUrl : null,
        productType: item.structuredContent?.productType ?? null,
      },
    });
  }
  return entries;
}

const wireMoney = (price: Cents): WireMoney => ({
  currency: price.currency,
  value: minorToDecimal(price.cents, price.currency),
});

const pricingOf = (settings: CartSettings): CommercePricing => settings.pricing ?? NO_PRICING;

function buildCart(
  cart: CartRow | undefined,
  entries: CartEntry[],
  settings: CartSettings,
  usage: Readonly<Record<string, DiscountUsage>> = {},
): ShoppingCart {
  const pricing = pricingOf(settings);
  const choices = cartChoices(cart);
  const priced = priceCart({
    lines: pricingLines(
      entries.map((e) => ({ ...e, sku: e.chosenVariant.sku, productType: e.item.productType })),
      pricing,
    ),
    config: pricing.config,
    currency: settings.currency,
    couponCodes: choices.couponCodes,
    location: choices.location,
    chosenShippingOptionId: choices.shippingOptionId,
    now: Date.now(),
    usageOf: (code) => usage[code],
  });
  const totals = cartTotals(
    entries.map((e) => ({
      quantity: e.quantity,
      unitPriceCents: e.unitPriceCents,
      item: { productType: e.item.productType ?? 0 },
    })),
    settings.currency,
  );
  return {
    id: cart?.id ?? '',
    websiteId: settings.websiteId,
    orderId: cart?.order_id ?? null,
    created: cart ? Number(cart.created) : 0,
    isPurchased: cart?.is_purchased === 1,
    entries,
    shippingOptions: [...priced.shippingOptions],
    selectedShippingOption: priced.selectedShippingOption,
    shippingLocation: priced.shippingLocation,
    applicableTaxRules: [...priced.applicableTaxRules],
    coupons: [...priced.coupons],
    validCoupons: [...priced.validCoupons],
    invalidCoupons: [...priced.invalidCoupons],
    subtotalCents: totals.subtotalCents,
    taxCents: priced.taxCents,
    shippingCostCents: priced.shippingCostCents,
    discountCents: priced.discountCents,
    grandTotalCents: priced.grandTotalCents,
    subtotalAmount: centsToMoney(totals.subtotalCents, settings.currency),
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
  };
}

// ------------------------------------------------------------------ writes

export interface AddRequest {
  token: string | undefined;
  itemId: string;
  sku?: string | null | undefined;
  /** As sent; core parses it (absent means 1). */
  quantity?: unknown;
  additionalFields?: string | null | undefined;
  /** The signed-in customer: a cart this add creates is theirs (it follows them to other devices). */
  accountId?: string | undefined;
  /** The site's clock: a product a visitor cannot see then (hidden, or scheduled later) cannot be added. */
  shownAt: number;
}

export interface AddResult {
  cart: CartRow;
  entryId: string;
  created: boolean;
  /** The cart after the add, as the API answers it. */
  shoppingCart: ShoppingCart;
}

/** Reads one product with its live stock (inside the caller's transaction), parsed by core. */
async function liveProduct(db: Db, itemId: string): Promise<Product | undefined> {
  return productIn(await getItemsByIds(db, [itemId]), itemId);
}

/** The product `itemId` names among `items`, parsed by core; undefined when it is not one. */
function productIn(items: Map<string, ItemContent>, itemId: string): Product | undefined {
  const item = items.get(itemId);
  return item?.structuredContent ? parseProduct(item).product : undefined;
}

/** `additionalFields` travels as a JSON string (spec section 7); anything else is refused up front. */
function additionalFieldsRefusal(additionalFields: string | null | undefined): ApiError | undefined {
  if (!additionalFields) return undefined;
  try {
    JSON.parse(additionalFields);
    return undefined;
  } catch {
    return apiError('invalid-additional-fields');
  }
}

/**
 * Adds to the cart named by `token` (a new cart when there is none), counting the call against the
 * client's cart-write `limit` in the same transaction (one commit per add). The whole
 * check-and-write runs in one transaction that first touches the cart row: concurrent writes to one
 * cart queue on that row lock (PostgreSQL) or on the single writer (SQLite), so core's stock check
 * counts what the cart already holds and two adds can never both pass it. Stock is validated, not
 * reserved: checkout will reserve with `takeStock` (stock.ts). A refusal rolls back (no cart is
 * created for it). The answer's cart is built from the rows the transaction read and wrote.
 * Throws RateLimited past the limit.
 */
export async function addEntry(
  db: Db,
  req: AddRequest,
  settings: CartSettings,
  limit: CountedLimit,
  localizedStrings?: LocalizedStrings,
): Promise<Checked<AddResult>> {
  return runRefusable(() =>
    limitedTransaction(db, limit, async (trx): Promise<LimitedWork<AddResult>> => {
      const badFields = additionalFieldsRefusal(req.additionalFields);
      if (badFields) throw badFields;
      const now = Date.now();
      let cart = await touchCart(trx, req.token, now);
      // A statement of its own, after the touch: one that waited for the cart's lock must read the
      // entries committed meanwhile (a statement reads what was committed when it began).
      const entries = cart ? await cartEntryRows(trx, cart.id) : [];
      // One read for the product added and for every product the answer shows, with their URLs.
      const { items, collectionUrls, shown } = await itemsWithCollectionUrls(
        trx,
        [req.itemId, ...entries.map((e) => e.item_id)],
        req.shownAt,
      );
      const product = productIn(items, req.itemId);
      // A product staff hid, or scheduled for later, is as unavailable as one that is gone.
      if (!product || !shown.has(req.itemId)) throw apiError('item-not-found');
      const checked = validateAddToCart({
        product,
        variantId: variantIdOf(product, req.sku),
        quantity: req.quantity === undefined ? 1 : req.quantity,
        quantityInCart: (variant) =>
          entries.filter((e) => e.variant_id === variant.id).reduce((n, e) => n + e.quantity, 0),
        localizedStrings,
      });
      if (!checked.ok) throw coreRefusal(checked.error);
      const { variant, quantity } = checked.value;
      const variantId = variant.id;

      if (!cart) {
        const fresh = {
          id: randomUUID(),
          token: randomBytes(24).toString('base64url'),
          website_id: settings.websiteId,
          created: now,
          updated: now,
          is_purchased: 0,
          order_id: null,
          account_id: req.accountId ?? null,
          ...NO_PRICING_CHOICES,
        };
        await insertCartQuery.run(trx, fresh);
        cart = fresh;
      }
      const fields = req.additionalFields ?? null;
      const same = entries.find((e) => e.variant_id === variantId && e.additional_fields === fields);
      const written: CartEntryRow = same
        ? { ...same, quantity: same.quantity + quantity }
        : {
            id: randomUUID(),
            cart_id: cart.id,
            item_id: product.id,
            variant_id: variantId,
            sku: variant.sku,
            quantity,
            additional_fields: fields,
            created: now,
            position: entries.reduce((max, e) => Math.max(max, e.position), 0) + 1,
          };
      const lastWrite = same
        ? { query: setEntryQuantityQuery, values: { id: same.id, quantity: written.quantity } }
        : { query: insertCartEntryQuery, values: { ...written, created: now } };
      // The new entry has the highest position, so appending keeps the cart's order.
      const rows = same ? entries.map((e) => (e.id === same.id ? written : e)) : [...entries, written];
      const shoppingCart = buildCart(cart, pricedEntries(rows, items, collectionUrls), settings);
      return { value: { cart, entryId: written.id, created: !same, shoppingCart }, lastWrite };
    }),
  );
}

/** The open cart named by `token`, its `updated` time set to `now` (which locks its row until commit). */
async function touchCart(db: Db, token: string | undefined, now: number): Promise<CartRow | undefined> {
  if (!token || !CART_TOKEN.test(token)) return undefined;
  const [cart] = await touchCartQuery.run(db, { token, now });
  return cart;
}

/** Sets an entry's quantity (0 removes it); core checks it against the stock the rest of the cart leaves. */
export async function setEntryQuantity(
  db: Db,
  token: string | undefined,
  entryId: string,
  rawQuantity: unknown,
  localizedStrings?: LocalizedStrings,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx): Promise<CartRow> => {
      const cart = await findCart(trx, token);
      if (!cart) throw apiError('entry-not-found');
      await markCartUpdated(trx, cart.id, Date.now());
      const entries = await cartEntryRows(trx, cart.id);
      const entry = entries.find((e) => e.id === entryId);
      if (!entry) throw apiError('entry-not-found');
      const product = await liveProduct(trx, entry.item_id);
      const variant = product && findVariantBySku(product, entry.sku);
      const others = entries
        .filter((e) => e.variant_id === entry.variant_id && e.id !== entry.id)
        .reduce((n, e) => n + e.quantity, 0);
      const stock = product && variant ? variantStock(product, variant) - others : 0;
      const checked = fromCore(validateQuantityChange(rawQuantity, stock, localizedStrings));
      if (!checked.ok) throw checked.refusal;
      if (checked.value === 0) await deleteCartEntry(trx, cart.id, entry.id);
      else await setCartEntryQuantity(trx, entry.id, checked.value);
      return cart;
    }),
  );
}

/**
 * Replaces an entry's `additionalFields` (the product form's answers, a JSON string; spec section 7,
 * `PUT .../entries/{entryId}/additionalFields`). `itemId` and `sku`, when sent, must name the entry's
 * own product and variant.
 */
export async function setEntryAdditionalFields(
  db: Db,
  token: string | undefined,
  entryId: string,
  req: { itemId?: string | undefined; sku?: string | null | undefined; additionalFields: string | null },
): Promise<Checked<CartRow>> {
  const badFields = additionalFieldsRefusal(req.additionalFields);
  if (badFields) return { ok: false, refusal: badFields };
  return runRefusable(() =>
    writeTransaction(db, async (trx): Promise<CartRow> => {
      const cart = await findCart(trx, token);
      if (!cart) throw apiError('entry-not-found');
      const entry = await findCartEntry(trx, cart.id, entryId);
      if (!entry) throw apiError('entry-not-found');
      if (req.itemId !== undefined && req.itemId !== entry.item_id)
        throw apiError('invalid-request', {
          params: { where: 'body', problem: 'itemId: does not match the entry' },
        });
      if (req.sku !== undefined && req.sku !== null && req.sku !== entry.sku)
        throw apiError('invalid-request', {
          params: { where: 'body', problem: 'sku: does not match the entry' },
        });
      await setCartEntryFields(trx, entry.id, req.additionalFields || null);
      await markCartUpdated(trx, cart.id, Date.now());
      return cart;
    }),
  );
}

export interface StockRecord {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** Live stock of every variant of a product (spec section 7, `GET commerce/inventory/stock`); undefined for an unknown item. */
export async function itemStock(db: Db, itemId: string): Promise<StockRecord[] | undefined> {
  return productStock(db, itemId);
}

export async function removeEntry(
  db: Db,
  token: string | undefined,
  entryId: string,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx): Promise<CartRow> => {
      const cart = await findCart(trx, token);
      if (!cart) throw apiError('entry-not-found');
      if (!(await deleteCartEntry(trx, cart.id, entryId))) throw apiError('entry-not-found');
      await markCartUpdated(trx, cart.id, Date.now());
      return cart;
    }),
  );
}

export interface SubscriptionRequest {
  itemId: string;
  sku?: string | null | undefined;
  qty?: unknown;
  additionalFields?: string | null | undefined;
}

/**
 * A subscription purchase (spec section 7, `POST /api/3/commerce/cart/subscription`): a cart of its
 * own holding the one subscribed item, apart from the shopper's cart; its token is what the
 * subscription page is opened with. Core's add-to-cart rules apply, and the product must be
 * subscribable.
 */
export async function createSubscriptionCart(
  db: Db,
  req: SubscriptionRequest,
  settings: CartSettings,
  localizedStrings?: LocalizedStrings,
): Promise<Checked<CartRow>> {
  const badFields = additionalFieldsRefusal(req.additionalFields);
  if (badFields) return { ok: false, refusal: badFields };
  return runRefusable(() =>
    writeTransaction(db, async (trx): Promise<CartRow> => {
      const product = await liveProduct(trx, req.itemId);
      if (!product) throw apiError('item-not-found');
      if (!product.isSubscribable) {
        throw apiError('not-subscribable');
      }
      const checked = validateAddToCart({
        product,
        variantId: variantIdOf(product, req.sku),
        quantity: req.qty === undefined ? 1 : req.qty,
        localizedStrings,
      });
      if (!checked.ok) throw coreRefusal(checked.error);
      const now = Date.now();
      const cart = {
        id: randomUUID(),
        token: randomBytes(24).toString('base64url'),
        website_id: settings.websiteId,
        created: now,
        updated: now,
        is_purchased: 0,
        order_id: null,
        account_id: null,
        ...NO_PRICING_CHOICES,
      };
      await insertCart(trx, cart);
      await insertCartEntries(trx, [
        {
          id: randomUUID(),
          cart_id: cart.id,
          item_id: product.id,
          variant_id: String(checked.value.variant.id),
          sku: String(checked.value.variant.sku),
          quantity: checked.value.quantity,
          additional_fields: req.additionalFields ?? null,
          created: now,
          position: 1,
        },
      ]);
      return cart;
    }),
  );
}
