/** Helpers for the happy-dom tests: a page at the test server's origin, cookies, a manual clock. */
import type { PageContext, Product } from '../core.ts';
import type { Timers } from '../button-machine.ts';

interface HappyWindow {
  happyDOM: { setURL(url: string): void };
}

/** Points the document at `url` (same origin as the test server, so fetch and cookies work). */
export function setPageUrl(url: string) {
  (window as unknown as HappyWindow).happyDOM.setURL(url);
}

export function clearCookies() {
  for (const name of ['crumb', 'CART', 'hasCart']) {
    document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

export function contextScript(ctx: Partial<PageContext>): string {
  const full: PageContext = {
    pageType: 50,
    path: '/',
    websiteId: 'w1',
    collectionId: 'c1',
    itemId: null,
    storeCurrency: 'USD',
    authenticated: false,
    products: {},
    merchandising: {},
    localizedStrings: {},
    storeSettings: { multipleQuantityAllowedForServices: true, expressCheckout: false },
    ...ctx,
  };
  return `<script id="storefront-context" type="application/json">${JSON.stringify(full)}</script>`;
}

/** A product as the page context carries it. */
export function browserProduct(
  id: string,
  title: string,
  options: { name: string; values: string[] }[],
  variants: { sku: string; attributes: Record<string, string>; priceCents: number; stock: number }[],
): Product {
  return {
    id,
    collectionId: 'c1',
    title,
    fullUrl: `/shop/${id}`,
    productType: 1,
    isSubscribable: false,
    subscriptionPlan: null,
    options,
    variants: variants.map((v, i) => ({
      id: `v${i}`,
      sku: v.sku,
      attributes: v.attributes,
      optionValues: Object.entries(v.attributes).map(([optionName, value]) => ({ optionName, value })),
      price: { cents: v.priceCents, currency: 'USD' },
      salePrice: { cents: 0, currency: 'USD' },
      onSale: false,
      qtyInStock: v.stock,
      unlimited: false,
      pricingOptions: [],
    })),
    price: null,
    salePrice: null,
    onSale: false,
    currency: 'USD',
    useCustomAddButtonText: false,
    customAddButtonText: null,
    additionalFieldsFormId: null,
    subscriptionOptionId: null,
  };
}

/** The markup core's helpers emit (jsont.md section 15), trimmed of whitespace. */
export function productCheckoutMarkup(p: Product, label = 'Add To Cart'): string {
  const options = p.options
    .map(
      (o) => `<div class="variant-option"><div class="variant-option-title">${o.name}: </div>
<div class="variant-select-wrapper"><select aria-label="Select ${o.name}" data-variant-option-name="${o.name}">
<option value="">Select ${o.name}</option>${o.values.map((v) => `<option value="${v}">${v}</option>`).join('')}</select></div>
<div class="variant-radiobtn-wrapper" data-variant-option-name="${o.name}">${o.values
        .map(
          (v) =>
            `<input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${o.name}" id="variant-option-${o.name}-${v}"/>` +
            `<label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-${o.name}-${v}">${v}</label>`,
        )
        .join('')}</div></div>`,
    )
    .join('');
  const variants = p.options.length
    ? `<div class="product-variants" data-item-id="${p.id}" data-variants="[]">${options}</div>`
    : '';
  return `<div class="product-checkout">${variants}
<div class="product-quantity-input" data-item-id="${p.id}"><div class="quantity-label">Quantity:</div>
<input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></div>
<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">
<div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary" role="button" tabindex="0" data-dynamic-strings data-collection-id="c1" data-item-id="${p.id}" data-product-type="1" data-use-custom-label="false" data-original-label="${label}">
<div class="sqs-add-to-cart-button-inner">${label}</div></div></div></div>`;
}

/** A manual clock for the button's timers. */
export function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn, ms) => {
      const id = ++seq;
      queue.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => {
      queue.delete(id as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    pending: () => queue.size,
  };
}

/** Lets React render what is due, by turns of the event loop (a fake clock stays where it is). */
export async function renderPending(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Waits until `check` passes, counting turns of the event loop rather than wall time: React renders
 * on setImmediate and the islands' test server answers in this process, so the turns a step takes do
 * not grow with the machine's load, where vi.waitFor's second of wall time runs out under it. A
 * check that never passes throws its own last error once the turns are spent.
 */
export async function eventually(check: () => void, turns = 100_000): Promise<void> {
  let lastError: unknown;
  for (let turn = 0; turn < turns; turn++) {
    try {
      check();
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw lastError;
}
