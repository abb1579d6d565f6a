/**
 * The /cart page (spec sections 2 and 8), mounted on `#sqs-cart-root`: every entry with image,
 * title, variant attributes, unit price, a quantity input (a change calls the quantity API; 0 asks
 * for confirmation to remove), its additional-fields answers with Edit Details (the entry's form in
 * a lightbox, saved with the additionalFields call) and Remove Item; the subtotal; Continue Shopping and Checkout; an
 * empty-cart message; errors in an alert region.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import {
  type LocalizedStrings,
  QUANTITY_MAX,
  formatMoney,
  message,
  validateQuantityChange,
} from '../core.ts';
import { CartApiError, type CartEntry, type ShoppingCart } from '../api.ts';
import type { CartStore } from '../cart-store.ts';
import type { Dialogs } from '../dialogs.tsx';
import { CHECKOUT_URL } from '../purchase.ts';
import {
  additionalFieldsLines,
  decodeAdditionalFields,
  initialValuesOf,
  openFieldsForm,
} from './additional-fields.tsx';

/** How long typing may pause before a quantity is sent. */
export const QUANTITY_COMMIT_DELAY_MS = 600;

export interface CartPageProps {
  cart: CartStore;
  dialogs: Dialogs;
  currency: string;
  locale: string;
  ls: LocalizedStrings;
  /** Where Continue Shopping goes. */
  shopUrl?: string;
}

interface CartError {
  title: string;
  message: string;
}

const messageOf = (error: unknown, ls: LocalizedStrings) =>
  error instanceof CartApiError ? error.message : message('cart.try-again', {}, ls);

/** `Size: M, Color: Sage` from the entry's chosen variant. */
export function variantText(entry: CartEntry): string {
  const values = entry.chosenVariant?.optionValues ?? [];
  if (values.length > 0) return values.map((o) => `${o.optionName}: ${o.value}`).join(', ');
  return Object.entries(entry.chosenVariant?.attributes ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}

export function CartPage(props: CartPageProps) {
  const { cart, dialogs, currency, locale, ls, shopUrl = '/' } = props;
  const state = useSyncExternalStore(cart.subscribe, cart.getState);
  const [error, setError] = useState<CartError | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const entries = state.cart?.entries ?? [];
  const loading = state.status === 'loading' && !state.cart;
  const money = (cents: number) =>
    formatMoney(cents, state.cart?.subtotalAmount?.currencyCode ?? currency, { locale });

  const remove = async (entry: CartEntry): Promise<boolean> => {
    try {
      await cart.remove(entry.id);
      setError(null);
      headingRef.current?.focus();
      return true;
    } catch (e) {
      setError({ title: message('cart.unable-to-remove-item', {}, ls), message: messageOf(e, ls) });
      return false;
    }
  };

  const changeQuantity = async (entry: CartEntry, raw: string): Promise<boolean> => {
    const checked = validateQuantityChange(raw, Infinity, ls);
    if (!checked.ok) {
      setError({ title: message('cart.unable-to-update-quantity', {}, ls), message: checked.error.message });
      return false;
    }
    if (checked.value === entry.quantity) return true;
    if (checked.value === 0) {
      const confirmed = await dialogs.confirm(
        message('cart.remove-item', {}, ls),
        message('cart.confirm-remove', {}, ls),
        message('cart.remove-item', {}, ls),
      );
      return confirmed ? remove(entry) : false;
    }
    try {
      await cart.setQuantity(entry.id, checked.value);
      setError(null);
      return true;
    } catch (e) {
      setError({ title: message('cart.unable-to-update-quantity', {}, ls), message: messageOf(e, ls) });
      return false;
    }
  };

  const editDetails = async (entry: CartEntry, button: HTMLElement) => {
    const stored = decodeAdditionalFields(entry.additionalFields);
    const openFailed = (text: string) =>
      setError({ title: message('cart.unable-to-open-form', {}, ls), message: text });
    if (!stored?.formId) {
      openFailed(message('cart.try-again', {}, ls));
      return;
    }
    const doc = button.ownerDocument;
    const opened = await openFieldsForm({
      doc,
      formId: stored.formId,
      ls,
      initialValues: initialValuesOf(stored),
      returnFocus: button,
      submit: async (additionalFields) => {
        try {
          await cart.updateAdditionalFields(entry.id, {
            itemId: entry.itemId,
            sku: entry.chosenVariant.sku,
            additionalFields,
          });
          setError(null);
          return undefined;
        } catch (e) {
          return `${message('cart.unable-to-update-form', {}, ls)}. ${messageOf(e, ls)}`;
        }
      },
    });
    if (!opened.ok) openFailed(opened.message);
    else setError(null);
  };

  return (
    <section className="sf-cart" aria-label={message('cart.title', {}, ls)} aria-busy={loading}>
      <h1 className="sf-cart__title" ref={headingRef} tabIndex={-1}>
        {message('cart.shopping-cart', {}, ls)}
      </h1>
      {error && (
        <div className="sf-cart__error" role="alert">
          <strong>{error.title}</strong> <span>{error.message}</span>
        </div>
      )}
      {!error && state.readError && !state.cart && (
        <div className="sf-cart__error" role="alert">
          {state.readError}
        </div>
      )}
      {!loading && !state.readError && entries.length === 0 && (
        <div className="sf-cart__empty">
          <p>{message('cart.empty', {}, ls)}</p>
          <a className="sf-cart__continue" href={shopUrl}>
            {message('cart.continue-shopping', {}, ls)}
          </a>
        </div>
      )}
      {entries.length > 0 && (
        <>
          <ul className="sf-cart__list">
            {entries.map((entry) => (
              <CartItem
                key={entry.id}
                entry={entry}
                ls={ls}
                money={money}
                onQuantity={changeQuantity}
                onRemove={remove}
                onDetails={(button) => void editDetails(entry, button)}
              />
            ))}
          </ul>
          <div className="sf-cart__subtotal" aria-live="polite" aria-atomic="true">
            <span>{message('cart.subtotal', {}, ls)}</span>
            <span className="sf-cart__subtotal-amount">{money(state.cart?.subtotalCents ?? 0)}</span>
          </div>
          {state.cart && <CouponForm cart={cart} shoppingCart={state.cart} ls={ls} money={money} />}
          <div className="sf-cart__actions">
            <a className="sf-cart__continue" href={shopUrl}>
              {message('cart.continue-shopping', {}, ls)}
            </a>
            <a className="sf-cart__checkout" href={CHECKOUT_URL}>
              {message('cart.checkout', {}, ls)}
            </a>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The discount code (issue 17): apply one (the server checks it and says why it refuses), see the
 * discount and the new total, remove it. A code the cart holds that no longer applies shows why.
 */
function CouponForm(props: {
  cart: CartStore;
  shoppingCart: ShoppingCart;
  ls: LocalizedStrings;
  money: (cents: number) => string;
}) {
  const { cart, shoppingCart, ls, money } = props;
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = shoppingCart.coupons[0];
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setProblem(null);
      setCode('');
    } catch (e) {
      setProblem(messageOf(e, ls));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sf-cart__coupon" aria-busy={busy}>
      <form
        className="sf-cart__coupon-form"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.trim();
          if (typed === '') setProblem(message('discount.code-blank', {}, ls));
          else void run(() => cart.applyCoupon(typed));
        }}
      >
        <label htmlFor={`${id}-code`}>{message('discount.code-label', {}, ls)}</label>
        <input
          id={`${id}-code`}
          name="code"
          autoComplete="off"
          value={code}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          {message('discount.apply', {}, ls)}
        </button>
      </form>
      {problem && (
        <p className="sf-cart__coupon-problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      {shoppingCart.invalidCoupons.map((c) => (
        <p key={c.code} className="sf-cart__coupon-problem" role="alert">
          {c.message}
        </p>
      ))}
      <div aria-live="polite" aria-atomic="true">
        {applied && (
          <div className="sf-cart__discount">
            <span>{message('discount.line', { code: applied }, ls)}</span>
            <span className="sf-cart__discount-amount">−{money(shoppingCart.discountCents)}</span>
            <button
              type="button"
              className="sf-cart__coupon-remove"
              disabled={busy}
              onClick={() => void run(() => cart.removeCoupon(applied))}
            >
              {message('discount.remove', { code: applied }, ls)}
            </button>
          </div>
        )}
        {shoppingCart.grandTotalCents !== shoppingCart.subtotalCents && (
          <div className="sf-cart__total">
            <span>{message('checkout.total', {}, ls)}</span>
            <span className="sf-cart__total-amount">{money(shoppingCart.grandTotalCents)}</span>
          </div>
        )}
      </div>
    </div>
  );
}

function CartItem(props: {
  entry: CartEntry;
  ls: LocalizedStrings;
  money: (cents: number) => string;
  onQuantity: (entry: CartEntry, raw: string) => Promise<boolean>;
  onRemove: (entry: CartEntry) => Promise<boolean>;
  onDetails: (button: HTMLElement) => void;
}) {
  const { entry, ls, money, onQuantity, onRemove, onDetails } = props;
  const id = useId();
  const [draft, setDraft] = useState(String(entry.quantity));
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const committed = useRef(String(entry.quantity));

  useEffect(() => {
    committed.current = String(entry.quantity);
    setDraft(String(entry.quantity));
  }, [entry.quantity]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (raw: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (raw === committed.current) return;
    committed.current = raw;
    setBusy(true);
    void onQuantity(entry, raw).then((ok) => {
      setBusy(false);
      if (!ok) {
        committed.current = String(entry.quantity);
        setDraft(String(entry.quantity));
      }
    });
  };

  const title = entry.item?.title ?? '';
  const variant = variantText(entry);
  const fields = additionalFieldsLines(entry.additionalFields);
  return (
    <li className="sf-cart-item" data-entry-id={entry.id} aria-busy={busy}>
      {entry.item?.assetUrl ? (
        <img className="sf-cart-item__image" src={entry.item.assetUrl} alt="" loading="lazy" />
      ) : (
        <span className="sf-cart-item__image" aria-hidden="true" />
      )}
      <div className="sf-cart-item__details">
        <a className="sf-cart-item__title" id={`${id}-title`} href={entry.item?.fullUrl || undefined}>
          {title}
        </a>
        {variant && <p className="sf-cart-item__variant">{variant}</p>}
        <p className="sf-cart-item__price">{money(entry.unitPriceCents)}</p>
        {fields.length > 0 && (
          <ul className="sf-cart-item__fields">
            {fields.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
        {entry.additionalFields && (
          <button
            type="button"
            className="sf-cart-item__details-button"
            aria-label={`${message('cart.edit-details', {}, ls)}: ${entry.item?.title ?? ''}`}
            onClick={(event) => onDetails(event.currentTarget)}
          >
            {message('cart.edit-details', {}, ls)}
          </button>
        )}
      </div>
      <div className="sf-cart-item__quantity">
        <label htmlFor={`${id}-qty`}>{message('cart.quantity', {}, ls)}</label>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={0}
          max={QUANTITY_MAX}
          step={1}
          value={draft}
          aria-describedby={`${id}-title`}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(raw), QUANTITY_COMMIT_DELAY_MS);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.value);
            }
          }}
        />
      </div>
      <button
        type="button"
        className="sf-cart-item__remove"
        aria-label={`${message('cart.remove-item', {}, ls)}: ${title}`}
        onClick={() => {
          setBusy(true);
          void onRemove(entry).then(() => setBusy(false));
        }}
      >
        {message('cart.remove-item', {}, ls)}
      </button>
    </li>
  );
}
