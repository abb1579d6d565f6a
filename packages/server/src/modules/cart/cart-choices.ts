/**
 * The shopper's pricing choices on a cart (issue 17): a discount code (checked by core's rules
 * before it is kept, so a refusal names why), the location of the shipping and tax estimate, and a
 * shipping option among those the cart offers. The amounts are computed on every read of the cart.
 */
import {
  applyDiscountCode,
  findDiscountCode,
  normalizeCode,
  shippingLocationOf,
  type LocalizedStrings,
} from '@storefront/core';
import type { ShippingLocationRequest } from '@storefront/core/wire';
import type { Db, Trx } from '../../platform/db/index.ts';
import type { CartRow } from './tables.ts';
import { setCartChoices, type CartChoiceColumns } from './store.ts';
import { apiError, coreRefusal } from '../../platform/http/errors.ts';
import { findCart, readCart, type CartSettings } from './cart.ts';
import { NO_PRICING, pricingLines, shopperUsage, type Shopper } from './pricing.ts';
import { runRefusable, type Checked } from './rules.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

async function openCart(trx: Trx, token: string | undefined): Promise<CartRow> {
  const cart = await findCart(trx, token);
  if (!cart) throw apiError('cart-not-found');
  return cart;
}

async function setChoice(trx: Trx, cart: CartRow, change: CartChoiceColumns): Promise<CartRow> {
  await setCartChoices(trx, cart.id, change, Date.now());
  return { ...cart, ...change };
}

/**
 * Puts `code` on the cart (replacing the one there) when core's rules accept it for this cart now,
 * and for the signed-in `shopper`, whose own uses count against its per-customer limit.
 */
export async function applyCoupon(
  db: Db,
  token: string | undefined,
  raw: string,
  settings: CartSettings,
  localizedStrings?: LocalizedStrings,
  shopper?: Shopper,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx) => {
      const cart = await openCart(trx, token);
      const pricing = settings.pricing ?? NO_PRICING;
      const current = await readCart(trx, cart, settings, shopper);
      const code = findDiscountCode(pricing.config.discountCodes, raw);
      const applied = applyDiscountCode(code, raw, {
        lines: pricingLines(
          current.entries.map((e) => ({ ...e, sku: e.chosenVariant.sku, productType: e.item.productType })),
          pricing,
        ),
        now: Date.now(),
        currency: settings.currency,
        ...(code ? { usage: await shopperUsage(trx, code, shopper) } : {}),
        ...(localizedStrings ? { localizedStrings } : {}),
      });
      if (!applied.ok) throw coreRefusal(applied.error);
      return setChoice(trx, cart, { coupon_code: applied.value.code });
    }),
  );
}

/** Takes `code` off the cart; a code that is not on it is refused. */
export async function removeCoupon(
  db: Db,
  token: string | undefined,
  raw: string,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx) => {
      const cart = await openCart(trx, token);
      if (!cart.coupon_code || normalizeCode(cart.coupon_code) !== normalizeCode(raw))
        throw apiError('coupon-not-on-cart');
      return setChoice(trx, cart, { coupon_code: null });
    }),
  );
}

/** Where the estimate is for; the chosen option is kept only if the new place offers it (checked on read). */
export async function setShippingLocation(
  db: Db,
  token: string | undefined,
  request: ShippingLocationRequest,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx) => {
      const cart = await openCart(trx, token);
      const location = shippingLocationOf(request);
      if (!location) throw apiError('shipping-country-invalid');
      return setChoice(trx, cart, { shipping_location: JSON.stringify(location) });
    }),
  );
}

/** Chooses one of the options the cart offers now. */
export async function setShippingOption(
  db: Db,
  token: string | undefined,
  optionId: string,
  settings: CartSettings,
): Promise<Checked<CartRow>> {
  return runRefusable(() =>
    writeTransaction(db, async (trx) => {
      const cart = await openCart(trx, token);
      const current = await readCart(trx, cart, settings);
      if (!current.shippingOptions.some((o) => o.id === optionId)) throw apiError('shipping-option-unknown');
      return setChoice(trx, cart, { shipping_option: optionId });
    }),
  );
}
