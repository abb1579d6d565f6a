/**
 * The variants select island, mounted on `.product-variants[data-item-id]`: the server-rendered
 * selects and radio buttons (one set per option) drive the product's chosen options, kept in sync
 * with each other; the radio labels (`role=button`) answer Enter and Space; a live region
 * announces the chosen variant. Plain DOM, wired at start: choosing needs no React, the sold-out
 * marks show at once, and the live region is there before the first choice it announces.
 */
import {
  type LocalizedStrings,
  availableOptionValues,
  formatMoney,
  message,
  variantDescriptor,
  isVariantAvailable,
  variantUnitPrice,
} from '../core.ts';
import { element } from '../element.ts';
import { isActivationKey } from '../keys.ts';
import type { ProductStore } from '../product-store.ts';

const optionNameOf = (el: Element): string | null => {
  const own = el.getAttribute('data-variant-option-name');
  if (own) return own;
  const wrapper = el.closest('[data-variant-option-name]');
  if (wrapper) return wrapper.getAttribute('data-variant-option-name');
  const select = el.closest('.variant-option')?.querySelector('select[data-variant-option-name]');
  return select?.getAttribute('data-variant-option-name') ?? null;
};

const SOLD_OUT_NOTE = 'sf-sold-out-note';

/**
 * Marks a choice that cannot be bought with the other chosen options (core's
 * `availableOptionValues`): `data-unavailable` on the label and the option, and a spoken note.
 */
function markAvailability(el: HTMLElement, unavailable: boolean, note: string | null) {
  el.toggleAttribute('data-unavailable', unavailable);
  if (note === null) return;
  let span = el.querySelector<HTMLElement>(`.${SOLD_OUT_NOTE}`);
  if (!unavailable) {
    span?.remove();
    return;
  }
  if (!span) {
    span = el.ownerDocument.createElement('span');
    span.className = `sf-visually-hidden ${SOLD_OUT_NOTE}`;
    el.appendChild(span);
  }
  span.textContent = `, ${note}`;
}

/** Connects the markup to the store; returns the cleanup. */
export function wireVariants(root: HTMLElement, store: ProductStore, ls?: LocalizedStrings): () => void {
  const selects = [...root.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')];
  const radios = [...root.querySelectorAll<HTMLInputElement>('input.variant-radiobtn[type=radio]')];
  const labels = [...root.querySelectorAll<HTMLLabelElement>('.variant-radiobtn-wrapper label')];

  // Values the browser restored (reload, back) count as chosen.
  for (const s of selects) if (s.value) store.choose(optionNameOf(s) ?? '', s.value);
  for (const r of radios) if (r.checked) store.choose(optionNameOf(r) ?? '', r.value);

  const onChange = (event: Event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target instanceof HTMLInputElement && !target.checked) return;
    const name = optionNameOf(target);
    if (name) store.choose(name, target.value);
  };
  const onLabelKey = (event: KeyboardEvent) => {
    if (!isActivationKey(event)) return;
    event.preventDefault();
    const label = event.currentTarget as HTMLLabelElement;
    const radio = (label.htmlFor && root.ownerDocument.getElementById(label.htmlFor)) || label.control;
    if (radio instanceof HTMLInputElement) radio.click();
  };
  for (const s of selects) s.addEventListener('change', onChange);
  for (const r of radios) r.addEventListener('change', onChange);
  for (const l of labels) l.addEventListener('keydown', onLabelKey);

  const sync = () => {
    const { chosen } = store.getState();
    for (const s of selects) {
      const value = chosen[optionNameOf(s) ?? ''] ?? '';
      if (s.value !== value) s.value = value;
    }
    for (const r of radios) r.checked = (chosen[optionNameOf(r) ?? ''] ?? '') === r.value;
    const available = availableOptionValues(store.product, chosen);
    const soldOut = message('product.sold-out', {}, ls);
    const isUnavailable = (name: string | null, value: string) =>
      value !== '' && !(available[name ?? ''] ?? []).includes(value);
    for (const l of labels) {
      const radio = l.htmlFor ? root.ownerDocument.getElementById(l.htmlFor) : null;
      if (!(radio instanceof HTMLInputElement)) continue;
      l.setAttribute('aria-pressed', String(radio.checked));
      markAvailability(l, isUnavailable(optionNameOf(radio), radio.value), soldOut);
    }
    for (const s of selects) {
      for (const o of s.options) markAvailability(o, isUnavailable(optionNameOf(s), o.value), null);
    }
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    for (const s of selects) s.removeEventListener('change', onChange);
    for (const r of radios) r.removeEventListener('change', onChange);
    for (const l of labels) l.removeEventListener('keydown', onLabelKey);
  };
}

/** What the live region says once every option is chosen: `M / Sage, $98.00` (+ sold out). */
export function variantAnnouncement(store: ProductStore, ls: LocalizedStrings, locale: string): string {
  if (!store.complete()) return '';
  const variant = store.selectedVariant();
  if (!variant) return message('cart.add.variant-unavailable', {}, ls);
  const price = variantUnitPrice(store.product, variant);
  const parts = [variantDescriptor(variant), formatMoney(price.cents, price.currency, { locale })];
  if (!isVariantAvailable(store.product, variant)) parts.push(message('product.sold-out', {}, ls));
  return parts.join(', ');
}

export interface VariantsOptions {
  store: ProductStore;
  ls: LocalizedStrings;
  locale: string;
}

/** Wires `root` and puts its live region into `statusHost`; returns the cleanup. */
export function mountVariants(
  root: HTMLElement,
  statusHost: HTMLElement,
  options: VariantsOptions,
): () => void {
  const { store, ls, locale } = options;
  const status = element(root.ownerDocument, 'span', {
    class: 'sf-visually-hidden',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });
  statusHost.append(status);
  const announce = () => {
    status.textContent = variantAnnouncement(store, ls, locale);
  };
  announce();
  const unsubscribe = store.subscribe(announce);
  const unwire = wireVariants(root, store, ls);
  return () => {
    unwire();
    unsubscribe();
    status.remove();
  };
}
