/**
 * The additional-fields form (spec sections 2, 4 and 7): an add-to-cart button marked as using a
 * form (`.use-form`, `data-form` — core's `add-to-cart-btn`) opens a lightbox holding the product's
 * form; a valid submission (core's form rules, the same ones as site forms) adds to the cart with
 * the answers as the `additionalFields` JSON string. On /cart, Edit Details opens the same form
 * filled with the entry's answers and saves them with
 * `PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields`.
 *
 * The stored JSON keeps the form id and each answer with its field title, so /cart, the order and
 * Edit Details can show and reopen it without the product page:
 * `{"formId":"engraving","fields":[{"id":"text-1","title":"Engraving","value":"Ada"}]}`.
 */
import type { FieldValue } from '@storefront/core/forms';
import { message } from '../core.ts';
import type { Product } from '../core.ts';
import type { ButtonMachine } from '../button-machine.ts';
import type { ProductStore } from '../product-store.ts';
import { type PurchaseMode, alertTitleOf, purchase } from '../purchase.ts';
import type { Runtime } from '../runtime.ts';

export {
  additionalFieldsLines,
  answerText,
  decodeAdditionalFields,
  encodeAdditionalFields,
  type FieldsFormOptions,
  type OpenedFieldsForm,
  type StoredAnswer,
  type StoredFields,
} from './fields-answers.ts';
import {
  isRecord,
  type FieldsFormOptions,
  type OpenedFieldsForm,
  type StoredFields,
} from './fields-answers.ts';

/** The form an add-to-cart button uses: `data-form`'s id, else the product's form id. */
export function formIdOf(button: HTMLElement, product: Product | undefined): string | null {
  if (!button.classList.contains('use-form')) return null;
  try {
    const form: unknown = JSON.parse(button.dataset.form ?? '');
    if (isRecord(form) && typeof form.id === 'string' && form.id) return form.id;
  } catch {
    /* the product's id below */
  }
  return product?.additionalFieldsFormId ?? null;
}

/**
 * Reads the form, then opens it in a lightbox; a form that cannot be read is a failure with the
 * shopper's message (the caller titles it: `Unable to open form`, `Unable to Add Item`). The form
 * code is a chunk of its own, loaded on first use: a product page does not carry it.
 */
export async function openFieldsForm(options: FieldsFormOptions): Promise<OpenedFieldsForm> {
  try {
    const { openFieldsFormNow } = await import('./fields-modal.tsx');
    return await openFieldsFormNow(options);
  } catch {
    return { ok: false, message: message('ui.network-error', {}, options.ls) };
  }
}

/** The entry's answers by field id, to fill the form again. */
export function initialValuesOf(stored: StoredFields | null): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of stored?.fields ?? []) out[f.id] = f.value;
  return out;
}

export interface FieldsPurchase {
  runtime: Runtime;
  button: HTMLElement;
  formId: string;
  mode: PurchaseMode;
  itemId: string;
  store: ProductStore | undefined;
  machine: ButtonMachine;
}

const openForms = new WeakSet<HTMLElement>();

/**
 * An activation of a button that uses a form: the choice is checked first (the alert names what
 * is missing, as without a form); then the form opens, and its valid answers go to the cart with
 * the chosen variant and quantity. Refusals show in the form, which stays open.
 */
export async function purchaseWithFields(input: FieldsPurchase): Promise<void> {
  const { runtime, button, formId, mode, itemId, store, machine } = input;
  if (machine.state !== 'idle' || openForms.has(button)) return;
  const buy = (additionalFields?: string) =>
    purchase({ mode, itemId, store, cart: runtime.cart, api: runtime.api, ls: runtime.ls, additionalFields });
  const checked = store?.validate((sku) => runtime.cart.quantityOf(sku), runtime.ls);
  if (!checked?.ok) {
    if (!machine.start()) return;
    const outcome = await buy();
    machine.fail();
    if (!outcome.ok) void runtime.dialogs.alert(outcome.title, outcome.message);
    return;
  }
  openForms.add(button);
  const opened = await openFieldsForm({
    doc: runtime.doc,
    formId,
    ls: runtime.ls,
    returnFocus: button,
    onClose: () => openForms.delete(button),
    submit: async (json) => {
      if (!machine.start()) return message('cart.try-again', {}, runtime.ls);
      const outcome = await buy(json);
      if (!outcome.ok) {
        machine.fail();
        return `${outcome.title}. ${outcome.message}`;
      }
      if (outcome.leaveTo) {
        machine.leave();
        runtime.navigate(outcome.leaveTo);
      } else machine.succeed();
      return undefined;
    },
  });
  if (!opened.ok) {
    openForms.delete(button);
    void runtime.dialogs.alert(alertTitleOf(mode, store?.product.productType, runtime.ls), opened.message);
  }
}
