/**
 * The shopper's cart in the browser (spec section 4): loading, then loaded; the start-up rule; reads
 * requested while one is in flight are deferred (one read follows the current one, shared by every
 * caller that asked meanwhile); an add fires the item-added event. Islands subscribe to it.
 */
import type {
  AddEntryAnswer,
  AddEntryRequest,
  CartApi,
  CartEntry,
  ShoppingCart,
  UpdateFieldsAnswer,
  UpdateFieldsRequest,
} from './api.ts';
import { CART_COOKIE, HAS_CART_COOKIE, readCookie } from './cookies.ts';

export type CartStatus = 'idle' | 'loading' | 'loaded';

export interface CartState {
  readonly status: CartStatus;
  /** Null until a cart was read or returned by a mutation. */
  readonly cart: ShoppingCart | null;
  /** Why the last read failed (the shopper's message), until a read or a mutation succeeds. */
  readonly readError: string | null;
  /** True between a recalculate start and end: an entry's form is being changed. */
  readonly recalculating: boolean;
}

/** The DOM event fired on the document after an entry was added (detail: `ItemAddedDetail`). */
export const ITEM_ADDED_EVENT = 'storefront:item-added';
/** Fired on the document when an entry form change starts and ends recalculating the cart. */
export const RECALCULATE_START_EVENT = 'storefront:recalculate-start';
export const RECALCULATE_END_EVENT = 'storefront:recalculate-end';

export interface ItemAddedDetail {
  request: AddEntryRequest;
  answer: AddEntryAnswer;
}

/** Fired on the document after an entry left the cart (removed, or its quantity set to 0). */
export const ITEM_REMOVED_EVENT = 'storefront:item-removed';

export interface ItemRemovedDetail {
  /** The entry as it was before it went. */
  entry: CartEntry;
  /** The cart after. */
  cart: ShoppingCart;
}

/**
 * Spec section 4: the cart loads on page start only if the visitor is authenticated, the `hasCart`
 * cookie equals `true`, or a cart cookie exists.
 */
export function shouldLoadCartOnStart(authenticated: boolean, cookieString: string): boolean {
  if (authenticated) return true;
  if (readCookie(HAS_CART_COOKIE, cookieString) === 'true') return true;
  return readCookie(CART_COOKIE, cookieString) !== undefined;
}

type Listener = (state: CartState) => void;

export class CartStore {
  private state: CartState = { status: 'idle', cart: null, readError: null, recalculating: false };
  /** Entry-form changes under way (they may overlap). */
  private recalculations = 0;
  private readonly listeners = new Set<Listener>();
  private inFlight: Promise<ShoppingCart> | null = null;
  private deferred: Promise<ShoppingCart> | null = null;
  /** Bumped by every mutation: a read that started before one must not overwrite its answer. */
  private version = 0;

  constructor(
    private readonly api: CartApi,
    private readonly events?: EventTarget,
  ) {}

  getState = (): CartState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<CartState>) {
    this.state = { ...this.state, ...next };
    for (const l of [...this.listeners]) l(this.state);
  }

  /** Reads the cart; while a read is in flight, the request is deferred until it ends. */
  load(): Promise<ShoppingCart> {
    if (!this.inFlight) return this.startRead();
    if (!this.deferred) {
      this.deferred = this.inFlight.then(
        () => this.startDeferred(),
        () => this.startDeferred(),
      );
    }
    return this.deferred;
  }

  private startDeferred(): Promise<ShoppingCart> {
    this.deferred = null;
    return this.startRead();
  }

  private startRead(): Promise<ShoppingCart> {
    const startedAt = this.version;
    if (this.state.status !== 'loaded') this.set({ status: 'loading' });
    const read = this.api.getCart().then(
      (cart) => {
        if (this.inFlight === read) this.inFlight = null;
        if (startedAt === this.version) this.set({ status: 'loaded', cart, readError: null });
        return this.version === startedAt ? cart : (this.state.cart ?? cart);
      },
      (error: unknown) => {
        if (this.inFlight === read) this.inFlight = null;
        const readError = error instanceof Error ? error.message : String(error);
        this.set({ status: this.state.cart ? 'loaded' : 'idle', readError });
        throw error;
      },
    );
    this.inFlight = read;
    return read;
  }

  private accept(cart: ShoppingCart) {
    this.version++;
    this.set({ status: 'loaded', cart, readError: null });
  }

  /** Adds an entry; on success the cart is replaced and the item-added event fires. */
  async add(request: AddEntryRequest): Promise<AddEntryAnswer> {
    const answer = await this.api.addEntry(request);
    this.accept(answer.shoppingCart);
    this.events?.dispatchEvent(
      new CustomEvent<ItemAddedDetail>(ITEM_ADDED_EVENT, { detail: { request, answer } }),
    );
    return answer;
  }

  async setQuantity(entryId: string, quantity: number): Promise<ShoppingCart> {
    const before = this.entry(entryId);
    const cart = await this.api.setQuantity(entryId, quantity);
    this.accept(cart);
    if (quantity === 0) this.removed(before, cart);
    return cart;
  }

  /** Puts a discount code on the cart; the answer's cart (with the discount) replaces it. */
  async applyCoupon(code: string): Promise<ShoppingCart> {
    const cart = await this.api.applyCoupon(code);
    this.accept(cart);
    return cart;
  }

  async removeCoupon(code: string): Promise<ShoppingCart> {
    const cart = await this.api.removeCoupon(code);
    this.accept(cart);
    return cart;
  }

  async remove(entryId: string): Promise<ShoppingCart> {
    const before = this.entry(entryId);
    const cart = await this.api.removeEntry(entryId);
    this.accept(cart);
    this.removed(before, cart);
    return cart;
  }

  private entry(entryId: string): CartEntry | undefined {
    return this.state.cart?.entries.find((e) => e.id === entryId);
  }

  private removed(entry: CartEntry | undefined, cart: ShoppingCart) {
    if (!entry || cart.entries.some((e) => e.id === entry.id)) return;
    this.events?.dispatchEvent(
      new CustomEvent<ItemRemovedDetail>(ITEM_REMOVED_EVENT, { detail: { entry, cart } }),
    );
  }

  /**
   * An entry's form changed (Edit Details): recalculating from start to end, whatever the outcome;
   * on success the cart is replaced by the answer.
   */
  async updateAdditionalFields(entryId: string, request: UpdateFieldsRequest): Promise<UpdateFieldsAnswer> {
    if (this.recalculations++ === 0) {
      this.set({ recalculating: true });
      this.events?.dispatchEvent(new CustomEvent(RECALCULATE_START_EVENT, { detail: { entryId } }));
    }
    try {
      const answer = await this.api.updateAdditionalFields(entryId, request);
      this.accept(answer.shoppingCart);
      return answer;
    } finally {
      if (--this.recalculations === 0) {
        this.set({ recalculating: false });
        this.events?.dispatchEvent(new CustomEvent(RECALCULATE_END_EVENT, { detail: { entryId } }));
      }
    }
  }

  /** Units of one SKU the cart already holds (for the stock check before an add). */
  quantityOf(sku: string): number {
    const entries = this.state.cart?.entries ?? [];
    return entries.filter((e) => e.chosenVariant?.sku === sku).reduce((n, e) => n + e.quantity, 0);
  }
}
