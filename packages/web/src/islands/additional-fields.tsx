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
import type { FieldValue, PublicFormDefinition } from '@storefront/core/forms';
import { type LocalizedStrings, message } from '../core.ts';
import type { ModalHandle } from '../modal.tsx';
import type { Product } from '../core.ts';
import type { ButtonMachine } from '../button-machine.ts';
import type { ProductStore } from '../product-store.ts';
import { type PurchaseMode, alertTitleOf, purchase } from '../purchase.ts';
import type { Runtime } from '../runtime.ts';

export interface StoredAnswer {
  id: string;
  title: string;
  value: FieldValue;
}

export interface StoredFields {
  formId: string;
  fields: StoredAnswer[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isFieldValue = (v: unknown): v is FieldValue =>
  typeof v === 'string' ||
  (Array.isArray(v) && v.every((x) => typeof x === 'string')) ||
  (isRecord(v) && Object.values(v).every((x) => typeof x === 'string'));

/** The `additionalFields` JSON string of a valid submission (fields in form order, no sections). */
export function encodeAdditionalFields(
  form: PublicFormDefinition,
  values: Readonly<Record<string, FieldValue | undefined>>,
): string {
  const fields: StoredAnswer[] = [];
  for (const f of form.fields) {
    if (f.type === 'section') continue;
    const value = values[f.id];
    if (value === undefined) continue;
    fields.push({ id: f.id, title: f.type === 'hidden' ? f.key : f.title, value });
  }
  return JSON.stringify({ formId: form.id, fields } satisfies StoredFields);
}

/**
 * Reads an entry's `additionalFields`. A plain object (answers by name, as other clients may send)
 * reads as answers titled by their keys, with no form to reopen.
 */
export function decodeAdditionalFields(json: string | null | undefined): StoredFields | null {
  if (!json) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (typeof parsed.formId === 'string' && Array.isArray(parsed.fields)) {
    const fields = parsed.fields.filter(
      (f): f is StoredAnswer =>
        isRecord(f) && typeof f.id === 'string' && typeof f.title === 'string' && isFieldValue(f.value),
    );
    return { formId: parsed.formId, fields };
  }
  const fields = Object.entries(parsed)
    .filter(([, v]) => isFieldValue(v))
    .map(([k, v]) => ({ id: k, title: k, value: v as FieldValue }));
  return { formId: '', fields };
}

/** One answer as text: parts joined by spaces (name, address), options by commas. */
export function answerText(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return Object.values(value as Record<string, string>)
    .filter((v) => v !== '')
    .join(' ');
}

/** The answers as `Title: answer` lines (empty answers left out). */
export function additionalFieldsLines(json: string | null | undefined): string[] {
  const stored = decodeAdditionalFields(json);
  if (!stored) return json ? [json] : [];
  return stored.fields
    .map((f) => ({ title: f.title, text: answerText(f.value) }))
    .filter((f) => f.text !== '')
    .map((f) => `${f.title}: ${f.text}`);
}

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

export interface FieldsFormOptions {
  doc: Document;
  formId: string;
  ls?: LocalizedStrings;
  /** Answers to start from (Edit Details). */
  initialValues?: Record<string, FieldValue>;
  /** Where focus goes back after closing. */
  returnFocus?: HTMLElement | null;
  /** Takes the answers' JSON string; answers an error text to show in the form, or nothing when done. */
  submit(additionalFields: string): Promise<string | undefined>;
  onClose?(): void;
}

export type OpenedFieldsForm = { ok: true; modal: ModalHandle } | { ok: false; message: string };

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
