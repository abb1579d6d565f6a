/**
 * Loads islands when they are needed, as Astro's `client:visible` and interaction-triggered islands
 * do: the server-rendered markup is already right, so an island's code (React and all) loads on the
 * first pointer, touch, focus or key on it, or once it comes into view when showing it needs code.
 * Until the code has loaded, the activations that would be lost (a click, Enter or Space) are kept
 * and replayed on the same element afterwards, so the first click always counts; the element
 * reads `aria-busy` meanwhile. No React here: this runs at start on every page.
 */
import { isActivationKey } from './keys.ts';

/** What announces that an island is about to be used: its code starts loading. */
const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** What the island itself answers, kept until it can. */
const ACTIVATIONS = ['click', 'keydown'] as const;

interface Kept {
  event: Event;
  target: Element;
  island: Element;
}

const isActivation = (event: Event): boolean =>
  event.type === 'click' || (event.type === 'keydown' && isActivationKey(event as KeyboardEvent));

/** A copy of `event` for dispatching again (same type, keys, buttons and coordinates). */
function replica(event: Event): Event {
  const Kind = event.constructor as new (type: string, init: Event) => Event;
  // The event reads as its own init dictionary: every field it has is copied by name.
  return new Kind(event.type, event);
}

/**
 * Watches the elements matching `selector` (now and later: listeners are delegated) and calls
 * `load` on the first sign of use. `load` resolves once the islands are mounted; until then their
 * activations are kept, then replayed in order. A failed load leaves the watch in place, so the
 * next use tries again. Returns the cleanup.
 */
export function loadOnInteraction(
  doc: Document,
  selector: string,
  load: () => Promise<unknown>,
  /**
   * `keepActivations: false`: for markup that already works without its island (a GET form), whose
   * keys (Space, Enter) must do what they do natively meanwhile, not wait for the island.
   */
  options: { keepActivations?: boolean } = {},
): () => void {
  const win = doc.defaultView;
  if (!win) return () => undefined;
  let loading: Promise<unknown> | undefined;
  let kept: Kept[] = [];
  const islandOf = (event: Event): Element | null =>
    event.target instanceof win.Element ? event.target.closest(selector) : null;

  const clearBusy = (items: Kept[]) => {
    for (const { island } of items) {
      if (island.getAttribute('aria-busy') === 'true') island.removeAttribute('aria-busy');
    }
  };
  const begin = () => {
    loading ??= load().then(
      () => {
        stop();
        const due = kept;
        kept = [];
        clearBusy(due);
        for (const { event, target, island } of due) {
          (target.isConnected ? target : island).dispatchEvent(replica(event));
        }
      },
      (error: unknown) => {
        console.warn('storefront: the islands did not load', error);
        loading = undefined;
        clearBusy(kept);
        kept = [];
      },
    );
  };
  const onTrigger = (event: Event) => {
    if (islandOf(event)) begin();
  };
  const onActivation = (event: Event) => {
    const island = islandOf(event);
    if (!island || !isActivation(event) || options.keepActivations === false) return;
    begin();
    // Nothing else sees the original (a click counter would count it twice): the replica follows.
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.push({ event, target: event.target as Element, island });
    island.setAttribute('aria-busy', 'true');
  };
  const listen = { capture: true, passive: true } as const;
  for (const type of TRIGGERS) win.addEventListener(type, onTrigger, listen);
  for (const type of ACTIVATIONS) win.addEventListener(type, onActivation, { capture: true });
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    for (const type of TRIGGERS) win?.removeEventListener(type, onTrigger, listen);
    for (const type of ACTIVATIONS) win?.removeEventListener(type, onActivation, { capture: true });
  }
  return stop;
}

/**
 * Calls `load` once any of `elements` comes near the viewport (at once where the browser cannot
 * tell). For islands whose markup needs code to show at all (a site form, the /cart page).
 * Returns the cleanup.
 */
export function loadWhenVisible(elements: readonly Element[], load: () => unknown): () => void {
  if (elements.length === 0) return () => undefined;
  const Observer = elements[0]?.ownerDocument.defaultView?.IntersectionObserver;
  if (!Observer) {
    load();
    return () => undefined;
  }
  const observer = new Observer(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: '200px' },
  );
  for (const el of elements) observer.observe(el);
  return () => observer.disconnect();
}
