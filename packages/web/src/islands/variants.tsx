/**
 * The variants select island, mounted on `.product-variants[data-item-id]`: the server-rendered
 * selects and radio buttons (one set per option) drive the product's chosen options, kept in sync
 * with each other; the radio labels (`role=button`) answer Enter and Space; a live region
 * announces the chosen variant.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { type LocalizedStrings, formatMoney, message, variantDescriptor } from '../core.ts';
import type { ProductStore } from '../product-store.ts';
import { isActivationKey } from './add-to-cart.tsx';

const optionNameOf = (el: Element): string | null => {
  const own = el.getAttribute('data-variant-option-name');
  if (own) return own;
  const wrapper = el.closest('[data-variant-option-name]');
  if (wrapper) return wrapper.getAttribute('data-variant-option-name');
  const select = el.closest('.variant-option')?.querySelector('select[data-variant-option-name]');
  return select?.getAttribute('data-variant-option-name') ?? null;
};

/** Connects the markup to the store; returns the cleanup. */
export function wireVariants(root: HTMLElement, store: ProductStore): () => void {
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
    for (const l of labels) {
      const radio = l.htmlFor ? root.ownerDocument.getElementById(l.htmlFor) : null;
      if (radio instanceof HTMLInputElement) l.setAttribute('aria-pressed', String(radio.checked));
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
  const cents = variant.onSale ? variant.salePriceCents : variant.priceCents;
  const parts = [variantDescriptor(variant), formatMoney(cents, variant.currency, { locale })];
  if (!variant.unlimited && variant.qtyInStock <= 0) parts.push(message('product.sold-out', {}, ls));
  return parts.join(', ');
}

export function VariantsIsland(props: {
  root: HTMLElement;
  store: ProductStore;
  ls: LocalizedStrings;
  locale: string;
}) {
  const { root, store, ls, locale } = props;
  useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => wireVariants(root, store), [root, store]);
  return (
    <span className="sf-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {variantAnnouncement(store, ls, locale)}
    </span>
  );
}
