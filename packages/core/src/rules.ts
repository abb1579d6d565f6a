/**
 * Smaller rules both sides apply (product spec sections 5 and 9): the restock sign-up email, the
 * checkout minimum and the instalment notice.
 */
import { type Result, err, ok } from './result.ts';
import { type LocalizedStrings, message } from './messages.ts';
import { type Product, ProductType } from './product.ts';
import { DEFAULT_CURRENCY, formatMoney } from './money.ts';

/** A standard address pattern: something, `@`, a domain with a dot, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The restock form's email: blank, or 3 to 256 characters of a standard address. */
export const validateRestockEmail = (raw: unknown, localizedStrings?: LocalizedStrings): Result<string> => {
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return err('restock.email-blank', message('restock.email-blank', {}, localizedStrings));
  if (email.length < 3 || email.length > 256 || !EMAIL.test(email)) {
    return err('restock.email-invalid', message('restock.email-invalid', {}, localizedStrings));
  }
  return ok(email);
};

/** With a captcha rendered, the sign-up needs its token. */
export const validateCaptchaDone = (
  captchaRendered: boolean,
  token: unknown,
  localizedStrings?: LocalizedStrings,
): Result<true> =>
  captchaRendered && (typeof token !== 'string' || token === '')
    ? err('restock.captcha-incomplete', message('restock.captcha-incomplete', {}, localizedStrings))
    : ok(true);

/** `To check out, your order subtotal must be {subtotal} or more.` when under the minimum. */
export const validateCheckoutMinimum = (
  subtotalCents: number,
  minimumCents: number,
  currency = DEFAULT_CURRENCY,
  localizedStrings?: LocalizedStrings,
): Result<true> =>
  subtotalCents < minimumCents
    ? err(
        'checkout.minimum-subtotal',
        message(
          'checkout.minimum-subtotal',
          { subtotal: formatMoney(minimumCents, currency) },
          localizedStrings,
        ),
      )
    : ok(true);

/** Number of interest-free payments of the instalment notice. */
export const INSTALMENT_COUNT = 4;

export type InstalmentNotice = 'none' | 'in-range' | 'out-of-range';

/**
 * Whether a product page shows the instalment notice: only physical products; in range when the
 * price is above the minimum and not above the maximum (all in cents), else the out-of-range message.
 */
export const instalmentNotice = (
  product: Pick<Product, 'productType'>,
  priceCents: number,
  limits: { readonly minCents: number; readonly maxCents: number },
): InstalmentNotice => {
  if (product.productType !== ProductType.PHYSICAL) return 'none';
  return priceCents > limits.minCents && priceCents <= limits.maxCents ? 'in-range' : 'out-of-range';
};
