/**
 * Loads the restock sign-up (restock.ts, its own chunk) only when a restock form is on show: at
 * start for forms shown by default, else once the chosen variant reveals one (wireRestock toggles
 * `hidden`). Until then the page carries only this watcher; the email fields are named at once so
 * that a form is never shown without a label.
 */
import { type LocalizedStrings, type PageContext, message } from '../core.ts';

export const RESTOCK_SELECTOR = '.product-restock-notification[data-product-id][data-variant-id]';

export interface RestockMountOptions {
  ctx: PageContext;
  ls?: LocalizedStrings | undefined;
  fetch?: typeof fetch | undefined;
  /** Resolves once the form is wired (tests). */
  onWired?: (root: HTMLElement) => void;
}

export function mountRestock(doc: Document, options: RestockMountOptions): () => void {
  const roots = [...doc.querySelectorAll<HTMLElement>(RESTOCK_SELECTOR)];
  if (roots.length === 0) return () => undefined;
  const wired = new Set<HTMLElement>();
  const cleanups: (() => void)[] = [];
  let stopped = false;
  const wire = (root: HTMLElement) => {
    if (wired.has(root) || root.hidden) return;
    wired.add(root);
    // A visitor may press Enter before the form's code arrives; the form's own action would only
    // reload the page with their address in it. Hold that submit and send it once the form is wired.
    const form = root.querySelector('form');
    let held = false;
    const hold = (event: Event) => {
      event.preventDefault();
      held = true;
    };
    form?.addEventListener('submit', hold);
    import('./restock.ts')
      .then((m) => {
        form?.removeEventListener('submit', hold);
        if (stopped) return;
        cleanups.push(
          m.wireRestockForm(root, {
            ls: options.ls,
            merchandising: options.ctx.merchandising[root.dataset.productId ?? ''],
            fetch: options.fetch,
            cookies: () => doc.cookie,
          }),
        );
        options.onWired?.(root);
        if (held) form?.requestSubmit();
      })
      .catch((error: unknown) => {
        form?.removeEventListener('submit', hold);
        console.warn('storefront: the restock form did not load', error);
      });
  };
  for (const root of roots) {
    const input = root.querySelector<HTMLInputElement>('input[name=email]');
    if (input && !input.hasAttribute('aria-label'))
      input.setAttribute('aria-label', input.placeholder || message('restock.email-label', {}, options.ls));
    wire(root);
  }
  const win = doc.defaultView;
  const observer = win
    ? new win.MutationObserver((records) => {
        for (const r of records) wire(r.target as HTMLElement);
      })
    : undefined;
  for (const root of roots) observer?.observe(root, { attributes: true, attributeFilter: ['hidden'] });
  return () => {
    stopped = true;
    observer?.disconnect();
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
