/**
 * Per-product state shared by the islands of one product (variants select, quantity input,
 * add-to-cart button, scarcity): the chosen option values and the quantity as typed. The rules
 * (unselected options, stock, quantity) are core's, run on the product as the page context
 * carries it (core's parsed `Product`).
 */
import {
  type AddToCartOk,
  type LocalizedStrings,
  type Product,
  type ProductVariant,
  type Result,
  findVariant,
  validateAddToCart,
} from './core.ts';

export interface ProductState {
  /** Chosen value per option name ('' or missing = not chosen). */
  readonly chosen: Readonly<Record<string, string>>;
  /** The quantity as typed; null when the page shows no quantity input (then 1). */
  readonly quantity: string | null;
}

type Listener = (state: ProductState) => void;

export class ProductStore {
  private state: ProductState = { chosen: {}, quantity: null };
  private readonly listeners = new Set<Listener>();

  constructor(readonly product: Product) {}

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
  selectedVariant(): ProductVariant | undefined {
    return findVariant(this.product, this.state.chosen);
  }

  /** True when every option has a value. */
  complete(): boolean {
    return this.product.options.every((o) => (this.state.chosen[o.name] ?? '') !== '');
  }

  /** Core's add-to-cart checks: options, quantity, variant, stock counting what the cart holds. */
  validate(quantityInCart: (sku: string) => number, ls?: LocalizedStrings): Result<AddToCartOk> {
    return validateAddToCart({
      product: this.product,
      chosen: this.state.chosen,
      quantity: this.state.quantity ?? 1,
      quantityInCart: (variant) => quantityInCart(variant.sku),
      localizedStrings: ls,
    });
  }
}
