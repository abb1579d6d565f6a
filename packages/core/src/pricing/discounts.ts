/**
 * Discount codes (issue 17): whether a code applies to a cart and how much it takes off. Pure: the
 * usage counts come from the caller (the cart shows them as read; the order claims them in its
 * own transaction, which alone is authoritative).
 */
import { type LocalizedStrings, type MessageCode, message } from '../messages.ts';
import { formatMoney } from '../money.ts';
import { type Result, err, ok } from '../result.ts';
import { percentOf } from './amounts.ts';
import type { DiscountCode } from './config.ts';
import { type PricingLine, isMerchandise, sumCents } from './lines.ts';

export interface DiscountUsage {
  /** Orders that used the code so far. */
  readonly used: number;
  /** Orders this customer placed with it so far (0 when the customer is not known yet). */
  readonly usedByCustomer: number;
}

export interface DiscountContext {
  readonly lines: readonly PricingLine[];
  readonly now: number;
  readonly currency: string;
  readonly usage?: DiscountUsage;
  readonly localizedStrings?: LocalizedStrings;
}

export interface AppliedDiscount {
  readonly code: string;
  /** Off the merchandise; for a free-shipping code, the shipping it saves (priceCart knows it). */
  readonly discountCents: number;
  readonly freeShipping: boolean;
}

/** A shopper's code as the configuration stores it (trimmed, upper case). */
export const normalizeCode = (raw: string): string => raw.trim().toUpperCase();

export const findDiscountCode = (codes: readonly DiscountCode[], raw: string): DiscountCode | undefined => {
  const wanted = normalizeCode(raw);
  return codes.find((c) => c.code === wanted);
};

/** The lines a code may discount: merchandise in its scope. */
export const eligibleLines = (code: DiscountCode, lines: readonly PricingLine[]): PricingLine[] => {
  const scoped = code.itemIds.length > 0 || code.collectionIds.length > 0;
  return lines.filter(
    (l) =>
      isMerchandise(l) &&
      (!scoped ||
        code.itemIds.includes(l.itemId) ||
        (l.collectionId !== null && code.collectionIds.includes(l.collectionId))),
  );
};

/**
 * Checks a code against the cart, in this order: known, started, not ended, the minimum subtotal
 * (of the merchandise), the overall and per-customer limits, something in scope; then the amount.
 * Percentage: once on the eligible subtotal (half up); fixed: at most the eligible subtotal.
 */
export const applyDiscountCode = (
  code: DiscountCode | undefined,
  raw: string,
  ctx: DiscountContext,
): Result<AppliedDiscount> => {
  const shown = code?.code ?? normalizeCode(raw);
  const refuse = (key: MessageCode, params: Record<string, string> = {}) =>
    err<AppliedDiscount>(key, message(key, { code: shown, ...params }, ctx.localizedStrings));
  if (!code) return refuse('discount.unknown');
  if (code.startsAt !== null && ctx.now < code.startsAt) return refuse('discount.not-yet-valid');
  if (code.endsAt !== null && ctx.now >= code.endsAt) return refuse('discount.expired');
  const merchandise = sumCents(ctx.lines.filter(isMerchandise));
  if (merchandise < code.minimumSubtotalCents)
    return refuse('discount.below-minimum', {
      minimum: formatMoney(code.minimumSubtotalCents, ctx.currency),
    });
  if (code.usageLimit !== null && (ctx.usage?.used ?? 0) >= code.usageLimit)
    return refuse('discount.exhausted');
  if (code.perCustomerLimit !== null && (ctx.usage?.usedByCustomer ?? 0) >= code.perCustomerLimit)
    return refuse('discount.customer-limit');
  if (code.kind === 'free-shipping') return ok({ code: code.code, discountCents: 0, freeShipping: true });
  const eligible = sumCents(eligibleLines(code, ctx.lines));
  if (eligible === 0) return refuse('discount.not-applicable');
  const discountCents =
    code.kind === 'percentage' ? percentOf(eligible, code.basisPoints) : Math.min(code.amountCents, eligible);
  return ok({ code: code.code, discountCents, freeShipping: false });
};
