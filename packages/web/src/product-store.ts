/**
 * Per-product state shared by the islands of one product (variants select, quantity input,
 * add-to-cart button, scarcity): the chosen option values and the quantity as typed. The rules
 * (unselected options, stock, quantity) are core's: `validateAddToCart` runs on the product as the
 * page context carries it, adapted to the item shape core reads.
 */
import {
  type AddToCartOk,
  type LocalizedStrings,
  type ProductForBrowser,
  type Result,
  type VariantForBrowser,
  findVariant,
  minorToDecimal,
  validateAddToCart,
} from './core.ts';

export interface ProductState {
  /** Chosen value per option name ('' or missing = not chosen). */
  readonly chosen: Readonly<Record<string, string>>;
  /** The quantity as typed; null when the page shows no quantity input (then 1). */
  readonly quantity: string | null;
}

/** The product in the item shape core's product rules read (`structuredContent`...). */
export function toProductItem(p: ProductForBrowser): Record<string, unknown> {
  return {
    id: p.id,
    collectionId: p.collectionId,
    title: p.title,
    fullUrl: p.fullUrl,
    structuredContent: {
      productType: p.productType,
      isSubscribable: p.isSubscribable,
      useCustomAddButtonText: p.useCustomAddButtonText,
      customAddButtonText: p.customAddButtonText ?? undefined,
      variantOptionOrdering: p.options.map((o) => o.name),
      variants: p.variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        optionValues: v.optionValues,
        priceMoney: { currency: v.currency, value: minorToDecimal(v.priceCents, v.currency) },
        salePriceMoney: { currency: v.currency, value: minorToDecimal(v.salePriceCents, v.currency) },
        onSale: v.onSale,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
      })),
    },
  };
}

type Listener = (state: ProductState) => void;

export class ProductStore {
  private state: ProductState;
  private readonly listeners = new Set<Listener>();
  readonly item: Record<string, unknown>;

  constructor(readonly product: ProductForBrowser) {
    this.item = toProductItem(product);
    this.state = { chosen: {}, quantity: null };
  }

  getState = (): ProductState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<ProductState>) {
    this.state = { ...this.state, ...next };
    for (const l of [...this.listeners]) l(this.state);
  }

  choose(option: string, value: string) {
    if ((this.state.chosen[option] ?? '') === value) return;
    this.set({ chosen: { ...this.state.chosen, [option]: value } });
  }

  setQuantity(raw: string | null) {
    if (this.state.quantity === raw) return;
    this.set({ quantity: raw });
  }

  /** The variant the chosen options designate (the only one for a single-variant product). */
  selectedVariant(): VariantForBrowser | undefined {
    const found = findVariant(this.item, this.state.chosen);
    if (!found) return undefined;
    return this.product.variants.find((v) => v.sku === found.sku && v.id === found.id);
  }

  /** True when every option has a value. */
  complete(): boolean {
    return this.product.options.every((o) => (this.state.chosen[o.name] ?? '') !== '');
  }

  /** Core's add-to-cart checks: options, quantity, variant, stock counting what the cart holds. */
  validate(quantityInCart: (sku: string) => number, ls?: LocalizedStrings): Result<AddToCartOk> {
    const probe = validateAddToCart({
      product: this.item,
      chosen: this.state.chosen,
      quantity: this.state.quantity ?? 1,
      localizedStrings: ls,
    });
    if (!probe.ok) return probe;
    const sku = probe.value.variant.sku ?? '';
    return validateAddToCart({
      product: this.item,
      chosen: this.state.chosen,
      quantity: this.state.quantity ?? 1,
      quantityInCart: quantityInCart(sku),
      localizedStrings: ls,
    });
  }
}
