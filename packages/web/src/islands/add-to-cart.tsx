/**
 * The add-to-cart button island, mounted on `.sqs-add-to-cart-button[data-item-id]` (a `role=button`
 * div): renders the label into `.sqs-add-to-cart-button-inner`, drives the state machine, answers
 * clicks and Enter / Space, and shows refusals in the alert dialog.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { addToCartLabel, message } from '../core.ts';
import { ButtonMachine, type ButtonState } from '../button-machine.ts';
import { purchase, purchaseModeOf } from '../purchase.ts';
import type { Runtime } from '../runtime.ts';
import { isActivationKey } from '../keys.ts';
import { formIdOf, purchaseWithFields } from './additional-fields.tsx';

export function AddToCartButton({ el, runtime }: { el: HTMLElement; runtime: Runtime }) {
  const itemId = el.dataset.itemId ?? '';
  const [state, setState] = useState<ButtonState>('idle');
  const machine = useMemo(() => new ButtonMachine(setState, runtime.timers), [runtime.timers]);
  const store = runtime.productStore(itemId);

  const idleLabel =
    el.dataset.originalLabel ||
    (store ? addToCartLabel(store.product, runtime.ls) : '') ||
    message('product.add-to-cart', {}, runtime.ls);

  useEffect(() => {
    const mode = purchaseModeOf(el, runtime.ctx.storeSettings.expressCheckout);
    const formId = formIdOf(el, store?.product);
    const activate = () => {
      // A button that uses a form opens it first (the additional-fields lightbox).
      if (formId) {
        void purchaseWithFields({ runtime, button: el, formId, mode, itemId, store, machine });
        return;
      }
      if (!machine.start()) return;
      void purchase({ mode, itemId, store, cart: runtime.cart, api: runtime.api, ls: runtime.ls }).then(
        (outcome) => {
          if (outcome.ok && outcome.leaveTo) {
            machine.leave();
            runtime.navigate(outcome.leaveTo);
          } else if (outcome.ok) {
            machine.succeed();
          } else {
            machine.fail();
            void runtime.dialogs.alert(outcome.title, outcome.message);
          }
        },
      );
    };
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      activate();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isActivationKey(event)) return;
      event.preventDefault();
      if (!event.repeat) activate();
    };
    el.addEventListener('click', onClick);
    el.addEventListener('keydown', onKeyDown);
    return () => {
      el.removeEventListener('click', onClick);
      el.removeEventListener('keydown', onKeyDown);
      machine.dispose();
    };
  }, [el, itemId, machine, runtime, store]);

  // In the same commit as the label, so the state hooks never disagree with the text.
  useLayoutEffect(() => {
    el.dataset.state = state;
    el.setAttribute('aria-busy', String(state === 'adding'));
    el.classList.toggle('cart-adding', state === 'adding');
    el.classList.toggle('cart-added', state === 'added');
  }, [el, state]);

  if (state === 'adding') return <>{message('button.adding', {}, runtime.ls)}</>;
  if (state === 'added') return <>{message('button.added', {}, runtime.ls)}</>;
  return <>{idleLabel}</>;
}
