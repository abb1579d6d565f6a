/**
 * The price line follows the chosen variant: once every option is chosen, core's `product-price`
 * markup (`.product-price`) shows that variant's price (its sale price beside the struck original
 * while it is on sale) in the amounts' own format; with a choice undone it shows the server's line
 * again ("from …"). Only products with options to choose from have such a line. The variants island's live region already says the chosen variant with its
 * price, so this line is not live itself: each choice is announced once. Plain DOM, like the
 * variants island it follows. Subscription prices keep the server's line (their text is the plan's).
 */
import {
  type LocalizedStrings,
  type Product,
  type ProductVariant,
  formatMoney,
  isVariantOnSale,
  message,
  minorToDecimal,
} from '../core.ts';
import { element } from '../element.ts';
import type { ProductStore } from '../product-store.ts';

export const PRODUCT_PRICE_SELECTOR = '.product-price';

/** The platform's amount without CLDR money: en-US grouping, two decimals, the sign drawn by CSS. */
const NATIVE_MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface VariantPriceOptions {
  store: ProductStore;
  ls?: LocalizedStrings | undefined;
  locale: string;
}

/** The nodes of the price line for one variant, in the markup core's `product-price` writes. */
function variantPriceNodes(
  doc: Document,
  product: Product,
  variant: ProductVariant,
  options: { native: boolean; ls?: LocalizedStrings | undefined; locale: string },
): (Node | string)[] {
  const amount = ({ cents, currency }: ProductVariant['price']): Node | string =>
    options.native
      ? element(
          doc,
          'span',
          { class: 'sqs-money-native' },
          NATIVE_MONEY.format(Number(minorToDecimal(cents, currency))),
        )
      : formatMoney(cents, currency, { locale: options.locale });
  if (!isVariantOnSale(product, variant)) return [amount(variant.price)];
  const hidden = (text: string) =>
    element(doc, 'span', { class: 'visually-hidden v6-visually-hidden' }, text);
  return [
    hidden(message('product.sale-price-label', {}, options.ls)),
    amount(variant.salePrice),
    ' ',
    hidden(message('product.original-price-label', {}, options.ls)),
    element(doc, 'span', { class: 'original-price' }, amount(variant.price)),
  ];
}

/** Keeps `priceLine` on the chosen variant's price; returns the cleanup (the server's line back). */
export function wireVariantPrice(priceLine: HTMLElement, options: VariantPriceOptions): () => void {
  const { store, ls, locale } = options;
  const { product } = store;
  if (product.isSubscribable || product.options.length === 0) return () => undefined;
  const doc = priceLine.ownerDocument;
  const serverLine = [...priceLine.childNodes].map((n) => n.cloneNode(true));
  const native = priceLine.querySelector('.sqs-money-native') !== null;
  let shown: ProductVariant | undefined;
  const render = () => {
    const variant = store.complete() ? store.selectedVariant() : undefined;
    if (variant === shown) return;
    shown = variant;
    if (variant)
      priceLine.replaceChildren(...variantPriceNodes(doc, product, variant, { native, ls, locale }));
    else priceLine.replaceChildren(...serverLine.map((n) => n.cloneNode(true)));
  };
  render();
  const unsubscribe = store.subscribe(render);
  return () => {
    unsubscribe();
    priceLine.replaceChildren(...serverLine);
  };
}
