/**
 * The product pieces that need no rendering of their own, only wiring to the product's state:
 * the quantity input (number, min 1, max 9999, step 1, default 1), the scarcity lines and the
 * restock forms, shown for the chosen variant.
 */
import { type LocalizedStrings, QUANTITY_MAX, QUANTITY_MIN, parseQuantity } from '../core.ts';
import type { ProductStore } from '../product-store.ts';

export function wireQuantity(input: HTMLInputElement, store: ProductStore, ls: LocalizedStrings): () => void {
  input.type = 'number';
  input.min = String(QUANTITY_MIN);
  input.max = String(QUANTITY_MAX);
  input.step = '1';
  if (input.value === '') input.value = String(QUANTITY_MIN);
  input.inputMode = 'numeric';
  const update = () => {
    store.setQuantity(input.value);
    const valid = parseQuantity(input.value, ls).ok;
    if (valid) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  };
  update();
  input.addEventListener('input', update);
  input.addEventListener('change', update);
  return () => {
    input.removeEventListener('input', update);
    input.removeEventListener('change', update);
  };
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * Scarcity lines that carry variant attributes show only for the chosen variant (spec section 4:
 * hidden unless shown by default, then per variant attributes). Lines without attributes are left
 * as the server rendered them.
 */
export function wireScarcity(lines: HTMLElement[], store: ProductStore): () => void {
  const views = lines
    .map((el) => {
      try {
        const attrs = JSON.parse(el.dataset.variantAttributes ?? '{}') as Record<string, string>;
        return { el, attrs: attrs && typeof attrs === 'object' ? attrs : {} };
      } catch {
        return { el, attrs: {} };
      }
    })
    .filter((v) => Object.keys(v.attrs).length > 0);
  const sync = () => {
    const variant = store.complete() ? store.selectedVariant() : undefined;
    for (const v of views) v.el.hidden = !variant || !sameAttributes(v.attrs, variant.attributes);
  };
  sync();
  return store.subscribe(sync);
}

/** Restock forms hidden by default show for the chosen variant only. */
export function wireRestock(forms: HTMLElement[], store: ProductStore): () => void {
  const hiddenByDefault = forms.filter((el) => el.hidden);
  const sync = () => {
    const variant = store.complete() ? store.selectedVariant() : undefined;
    for (const el of hiddenByDefault) el.hidden = !variant || el.dataset.variantId !== variant.id;
  };
  return store.subscribe(sync);
}
