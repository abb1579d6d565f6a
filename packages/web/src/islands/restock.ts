/**
 * The restock sign-up (spec sections 2, 4, 5, 7), enhancing the form the `product-restock-notification`
 * helper rendered: email checked with core's rule (`Email cannot be blank`, `Email is invalid`), the
 * mailing-list tick box, the captcha when the helper rendered its container (ALTCHA, the site
 * forms' provider), then `POST /api/site-users/account/notifications/restock`. Success replaces the
 * form with the configured text (default `Signed up!`) and removes the captcha; a refusal shows the
 * server's message in place. Plain DOM: it adds no React to the product page, and is loaded only
 * once a restock form is shown (restock-mount.ts).
 */
import { message } from '@storefront/core/messages';
import { validateCaptchaDone, validateRestockEmail } from '@storefront/core/rules';
import type { MerchandisingContext } from '@storefront/core/page-context';
import type { LocalizedStrings } from '../core.ts';
import { writeHeaders } from '../cookies.ts';
import { CAPTCHA_PATH } from '../forms/api.ts';
import { whenIdle } from '../idle.ts';

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
/** Below this width the captcha widget drops its footer and logo (spec section 5: compact). */
const COMPACT_WIDTH = 320;

export interface RestockOptions {
  ls?: LocalizedStrings | undefined;
  merchandising?: MerchandisingContext | undefined;
  fetch?: typeof fetch | undefined;
  cookies: () => string;
}

type Widget = HTMLElement & { reset?: () => void };

/** Renders the ALTCHA widget once into the helper's container; `payload()` is the solved token. */
function mountCaptcha(container: HTMLElement) {
  let payload: string | undefined;
  let widget: Widget | undefined;
  let destroyed = false;
  if (container.dataset.rendered !== 'true') {
    container.dataset.rendered = 'true';
    // The widget's code is the biggest chunk a product page can load: not before the page is idle.
    const win = container.ownerDocument.defaultView;
    const idle = new Promise<void>((resolve) => (win ? whenIdle(win, resolve) : resolve()));
    void idle
      .then(() => import('altcha'))
      .then(() => {
        if (destroyed) return;
        widget = container.ownerDocument.createElement('altcha-widget');
        widget.setAttribute('challenge', CAPTCHA_PATH);
        widget.setAttribute('name', 'captcha');
        if (
          container.getBoundingClientRect().width < COMPACT_WIDTH &&
          container.getBoundingClientRect().width > 0
        ) {
          widget.setAttribute('hidefooter', '');
          widget.setAttribute('hidelogo', '');
        }
        widget.addEventListener('statechange', (event) => {
          const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
          payload = detail?.state === 'verified' ? detail.payload : undefined;
        });
        container.appendChild(widget);
        container.classList.add('rendered');
      });
  }
  return {
    payload: () => payload,
    reset() {
      payload = undefined;
      widget?.reset?.();
    },
    destroy() {
      destroyed = true;
      widget?.remove();
      container.remove();
    },
  };
}

/** The server's refusal as the visitor reads it. */
async function failureText(response: Response, ls: LocalizedStrings | undefined): Promise<string> {
  let body: { message?: unknown; crumbFail?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the generic text below.
  }
  if (body.crumbFail === true) return message('cart.crumb-fail', {}, ls);
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return message('ui.something-went-wrong', {}, ls);
}

/** Gives the email field a name for screen readers (the helper renders a placeholder only). */
export function labelRestockEmail(root: HTMLElement, ls?: LocalizedStrings): void {
  const input = root.querySelector<HTMLInputElement>('input[name=email]');
  if (!input || input.hasAttribute('aria-label')) return;
  input.setAttribute('aria-label', input.placeholder || message('restock.email-label', {}, ls));
  input.autocomplete = 'email';
  input.inputMode = 'email';
}

/** Wires one `.product-restock-notification`; returns a function that removes the listener. */
export function wireRestockForm(root: HTMLElement, options: RestockOptions): () => void {
  const { ls } = options;
  const doc = root.ownerDocument;
  const form = root.querySelector<HTMLFormElement>('form.product-restock-form');
  const input = form?.querySelector<HTMLInputElement>('input[name=email]');
  if (!form || !input) return () => undefined;
  labelRestockEmail(root, ls);
  const submit = form.querySelector<HTMLInputElement | HTMLButtonElement>('[type=submit]');
  const tick = root.querySelector<HTMLInputElement>('input[name=isJoinMailingList]');
  const container = root.querySelector<HTMLElement>('.captcha-container');
  const captcha = container ? mountCaptcha(container) : undefined;

  const error = doc.createElement('p');
  error.className = 'product-restock-error';
  error.id = `restock-error-${root.dataset.variantId ?? ''}`;
  error.setAttribute('role', 'alert');
  error.hidden = true;
  form.after(error);

  const showError = (text: string) => {
    error.textContent = text;
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  };
  const clearError = () => {
    error.textContent = '';
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  };

  let busy = false;
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const email = validateRestockEmail(input.value, ls);
    if (!email.ok) {
      showError(email.error.message);
      input.focus();
      return;
    }
    const token = captcha?.payload();
    const done = validateCaptchaDone(captcha !== undefined, token, ls);
    if (!done.ok) {
      showError(done.error.message);
      return;
    }
    clearError();
    busy = true;
    if (submit) submit.disabled = true;
    const body = {
      productId: root.dataset.productId ?? '',
      variantId: root.dataset.variantId ?? '',
      siteVisitorEmail: email.value,
      isJoinMailingList: tick?.checked ?? false,
      ...(token ? { captchaToken: token } : {}),
    };
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(RESTOCK_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...writeHeaders(options.cookies()) },
        body: JSON.stringify(body),
      });
    } catch {
      response = new Response(JSON.stringify({ message: message('ui.network-error', {}, ls) }), {
        status: 599,
      });
    }
    busy = false;
    if (submit) submit.disabled = false;
    if (!response.ok) {
      showError(await failureText(response, ls));
      captcha?.reset();
      return;
    }
    const success = doc.createElement('p');
    success.className = 'product-restock-success';
    success.setAttribute('role', 'status');
    success.tabIndex = -1;
    success.textContent =
      options.merchandising?.restockNotificationMessages?.successText || message('restock.success', {}, ls);
    captcha?.destroy();
    tick?.closest('label')?.remove();
    error.remove();
    form.replaceWith(success);
    success.focus();
  };
  const listener = (event: Event) => void onSubmit(event);
  form.addEventListener('submit', listener);
  return () => form.removeEventListener('submit', listener);
}
