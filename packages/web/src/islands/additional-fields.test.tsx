// @vitest-environment storefront-browser
/** The additional-fields lightbox on a product page, against the real server. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { start } from '../start.tsx';
import { startStoreServer } from '../../../../test-support/store-server.ts';
import { browserProduct, contextScript, manualTimers, productCheckoutMarkup } from '../testing/dom.ts';
import { engravingAnswers, engravingForm } from '../testing/fields-form.ts';
import {
  additionalFieldsLines,
  answerText,
  decodeAdditionalFields,
  encodeAdditionalFields,
  formIdOf,
} from './additional-fields.tsx';
import { useStorePage } from '../testing/store-page.ts';

const board = {
  ...browserProduct(
    'board',
    'Walnut Board',
    [{ name: 'Size', values: ['Small', 'Large'] }],
    [
      { sku: 'SM', attributes: { Size: 'Small' }, priceCents: 6400, stock: 6 },
      { sku: 'LG', attributes: { Size: 'Large' }, priceCents: 9200, stock: 3 },
    ],
  ),
  additionalFieldsFormId: 'engraving',
};

/** core's add-to-cart-btn marks a button using a form with `use-form` and `data-form`. */
const usingForm = (markup: string) =>
  markup.replace(
    'sqs-button-element--primary"',
    `sqs-button-element--primary use-form" data-form="${JSON.stringify({ id: 'engraving' }).replace(/"/g, '&quot;')}"`,
  );

const page = useStorePage('/shop/board', () =>
  startStoreServer(
    [
      {
        itemId: 'board',
        title: 'Walnut Board',
        variants: board.variants.map((v) => ({ sku: v.sku, priceCents: v.price.cents, stock: v.qtyInStock })),
      },
    ],
    { forms: { engraving: engravingForm() } },
  ),
);
let clock: ReturnType<typeof manualTimers>;

beforeEach(() => {
  clock = manualTimers();
});

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

async function openBoardPage() {
  document.head.innerHTML = contextScript({ pageType: 50, itemId: 'board', products: { board } });
  document.body.innerHTML = usingForm(productCheckoutMarkup(board));
  page.started = start(document, { timers: clock });
  await vi.waitFor(() => expect(button().dataset.state).toBe('idle'));
}

const button = () => document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
const panel = () => document.querySelector<HTMLElement>('.sf-fields-modal[role="dialog"]');
const posts = () => page.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/entries'));
const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('the additional-fields lightbox', () => {
  test('the choice is checked first: the alert names the option, no form opens', async () => {
    await openBoardPage();
    button().click();
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    expect(document.querySelector('[role="alertdialog"]')!.textContent).toContain(
      'Please select the Size option.',
    );
    expect(panel()).toBeNull();
  });

  test('opens the form; core rules refuse an empty required field; a valid one adds with additionalFields', async () => {
    await openBoardPage();
    document.getElementById('variant-option-Size-Large')!.click();
    button().focus();
    button().click();
    await vi.waitFor(() => expect(panel()?.querySelector('form')).toBeTruthy());
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.getElementById(panel()!.getAttribute('aria-labelledby')!)!.textContent).toBe('Engraving');
    const submit = panel()!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.textContent).toBe('Add to Cart');
    await vi.waitFor(() => expect(document.activeElement).toBe(panel()!.querySelector('input[type="text"]')));

    panel()!.querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(panel()!.querySelector('.sf-field__error')?.textContent).toBe('Required'));
    expect(posts()).toHaveLength(0);

    type(panel()!.querySelector<HTMLInputElement>('input[type="text"]')!, 'JR');
    type(panel()!.querySelector('textarea')!, 'For Ada');
    panel()!.querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      itemId: 'board',
      sku: 'LG',
      quantity: 1,
      additionalFields: engravingAnswers('JR', 'For Ada'),
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(button()));
    expect(document.documentElement.style.overflow).toBe('');
    expect(button().dataset.state).toBe('adding');
    clock.advance(1000);
    await vi.waitFor(() => expect(button().textContent?.trim()).toBe('Added!'));
    expect(page.started!.cart.getState().cart?.entries[0]?.additionalFields).toBe(
      engravingAnswers('JR', 'For Ada'),
    );
  });

  test('a refused add shows in the form, which stays open; the button goes back to idle', async () => {
    await openBoardPage();
    document.getElementById('variant-option-Size-Small')!.click();
    button().click();
    await vi.waitFor(() => expect(panel()?.querySelector('form')).toBeTruthy());
    type(panel()!.querySelector<HTMLInputElement>('input[type="text"]')!, 'JR');
    page.server.failNext('POST', 429, {
      code: 'rate-limited',
      message: 'Please try again in a few seconds.',
    });
    panel()!.querySelector('form')!.requestSubmit();
    await vi.waitFor(() =>
      expect(panel()!.querySelector('.sf-form__message--error')?.textContent).toBe(
        'Unable to Add Item. Please try again in a few seconds.',
      ),
    );
    expect(button().dataset.state).toBe('adding');
    clock.advance(1000);
    await vi.waitFor(() => expect(button().dataset.state).toBe('idle'));
    expect(panel()).not.toBeNull();
  });
});

describe('the stored answers', () => {
  test('encode in form order with titles; decode; lines for /cart', () => {
    const form = engravingForm();
    const json = encodeAdditionalFields(form, { note: 'Hi', monogram: 'JR' });
    expect(json).toBe(engravingAnswers('JR', 'Hi'));
    expect(decodeAdditionalFields(json)).toEqual({
      formId: 'engraving',
      fields: [
        { id: 'monogram', title: 'Monogram', value: 'JR' },
        { id: 'note', title: 'Gift note', value: 'Hi' },
      ],
    });
    expect(additionalFieldsLines(json)).toEqual(['Monogram: JR', 'Gift note: Hi']);
    expect(additionalFieldsLines('{"Monogram":"JR"}')).toEqual(['Monogram: JR']);
    expect(additionalFieldsLines('not json')).toEqual(['not json']);
    expect(answerText({ First: 'Ada', Last: 'Lovelace' })).toBe('Ada Lovelace');
    expect(answerText(['a', 'b'])).toBe('a, b');
  });

  test('the form id comes from data-form, else the product', () => {
    const el = document.createElement('div');
    expect(formIdOf(el, board)).toBeNull();
    el.classList.add('use-form');
    expect(formIdOf(el, board)).toBe('engraving');
    el.dataset.form = JSON.stringify({ id: 'other' });
    expect(formIdOf(el, board)).toBe('other');
  });
});
