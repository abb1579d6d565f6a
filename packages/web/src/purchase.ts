/**
 * What an add-to-cart activation does (spec section 4): check the choice with core's rules, then
 * add to the cart; express checkout adds and goes to the checkout page; subscription items ask for
 * a subscription cart and go to the subscription page with its token. Failures come back as the
 * alert's title and message (spec section 8).
 */
import { type LocalizedStrings, message, ProductType } from './core.ts';
import { CartApiError, type CartApi } from './api.ts';
import type { CartStore } from './cart-store.ts';
import type { ProductStore } from './product-store.ts';

export type PurchaseMode = 'cart' | 'express' | 'subscription';

/** Where express checkout and the subscription page live (DESIGN.md, "Checkout"). */
export const CHECKOUT_URL = '/checkout';
export const subscriptionUrl = (cartToken: string) =>
  `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`;

export type PurchaseOutcome =
  | { readonly ok: true; readonly leaveTo?: string }
  | { readonly ok: false; readonly title: string; readonly message: string };

export interface PurchaseInput {
  readonly mode: PurchaseMode;
  readonly itemId: string;
  readonly store: ProductStore | undefined;
  readonly cart: CartStore;
  readonly api: CartApi;
  readonly ls?: LocalizedStrings;
  /** Answers of the additional-fields form, as a JSON string. */
  readonly additionalFields?: string;
}

export function purchaseModeOf(button: HTMLElement, expressCheckout: boolean): PurchaseMode {
  if (button.dataset.isSubscription === 'true') return 'subscription';
  return expressCheckout ? 'express' : 'cart';
}

/** Spec section 8: the alert's title, by how the shopper buys and what (gift cards have their own). */
export function alertTitleOf(
  mode: PurchaseMode,
  productType: number | undefined,
  ls?: LocalizedStrings,
): string {
  if (productType === ProductType.GIFT_CARD) return message('alert.unable-to-purchase-gift-card', {}, ls);
  return mode === 'express'
    ? message('alert.unable-to-purchase-item', {}, ls)
    : message('alert.unable-to-add-item', {}, ls);
}

export async function purchase(input: PurchaseInput): Promise<PurchaseOutcome> {
  const { mode, store, cart, ls } = input;
  const fail = (text: string): PurchaseOutcome => ({
    ok: false,
    title: alertTitleOf(mode, store?.product.productType, ls),
    message: text,
  });
  if (!store) return fail(message('cart.add.product-unavailable', {}, ls));
  const checked = store.validate((sku) => cart.quantityOf(sku), ls);
  if (!checked.ok) return fail(checked.error.message);
  const sku = checked.value.variant.sku ?? '';
  const quantity = checked.value.quantity;
  const fields = input.additionalFields ? { additionalFields: input.additionalFields } : {};
  try {
    if (mode === 'subscription') {
      const { cartToken } = await input.api.createSubscriptionCart({
        itemId: input.itemId,
        sku,
        qty: quantity,
        ...fields,
      });
      if (!cartToken) return fail(message('cart.try-again', {}, ls));
      return { ok: true, leaveTo: subscriptionUrl(cartToken) };
    }
    await cart.add({ itemId: input.itemId, sku, quantity, ...fields });
    return mode === 'express' ? { ok: true, leaveTo: CHECKOUT_URL } : { ok: true };
  } catch (error) {
    return fail(error instanceof CartApiError ? error.message : message('cart.try-again', {}, ls));
  }
}
