// @vitest-environment happy-dom
/**
 * The loader that stands in for islands until their code has loaded: it starts the load on the
 * first sign of use, keeps the clicks and activation keys meanwhile and replays them on the same
 * element once the island listens, so the first click is never lost nor counted twice.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadOnInteraction } from './island-loader.ts';

const SELECTOR = '.sqs-add-to-cart-button[data-item-id]';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
});

/** A page with one button, an island that is not there yet, and a page-wide click counter. */
function page() {
  document.body.innerHTML =
    '<div class="sqs-add-to-cart-button" role="button" tabindex="0" data-item-id="p1">' +
    '<div class="sqs-add-to-cart-button-inner">Add To Cart</div></div><a href="#top" id="elsewhere">Top</a>';
  const button = document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
  const inner = button.querySelector<HTMLElement>('.sqs-add-to-cart-button-inner')!;
  const seenByIsland: { type: string; key?: string; target: EventTarget | null }[] = [];
  const seenByPage: string[] = [];
  document.addEventListener('click', (e) => seenByPage.push(e.type));
  const loads: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<void>((resolve, reject) => {
      loads.push({
        // Mounting the island: from now on it answers the button itself.
        resolve: () => {
          const record = (e: Event) =>
            seenByIsland.push({ type: e.type, key: (e as KeyboardEvent).key, target: e.target });
          button.addEventListener('click', record);
          button.addEventListener('keydown', record);
          resolve();
        },
        reject,
      });
    });
  stop = loadOnInteraction(document, SELECTOR, load);
  return { button, inner, seenByIsland, seenByPage, loads };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('islands loaded on interaction', () => {
  test('the first pointer on an island starts its load; elsewhere nothing loads', () => {
    const { button, loads } = page();
    document.getElementById('elsewhere')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.getElementById('elsewhere')!.click();
    expect(loads).toHaveLength(0);
    button.dispatchEvent(new Event('pointerover', { bubbles: true }));
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loads).toHaveLength(1);
  });

  test('a click before the island has loaded is kept, then replayed on the same element, seen once by the page', async () => {
    const { button, inner, seenByIsland, seenByPage, loads } = page();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 12, clientY: 34 });
    inner.dispatchEvent(click);
    expect(loads).toHaveLength(1);
    expect(click.defaultPrevented).toBe(true);
    expect(seenByPage).toEqual([]);
    expect(button.getAttribute('aria-busy')).toBe('true');

    loads[0]!.resolve();
    await settle();
    expect(seenByIsland.map((e) => [e.type, e.target])).toEqual([['click', inner]]);
    expect(seenByPage).toEqual(['click']);
    expect(button.hasAttribute('aria-busy')).toBe(false);

    // Mounted: the island answers directly, the loader is out of the way.
    inner.click();
    expect(seenByIsland).toHaveLength(2);
    expect(seenByPage).toEqual(['click', 'click']);
  });

  test('Enter and Space are kept and replayed in order; Tab and other keys go through untouched', async () => {
    const { button, seenByIsland, loads } = page();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    button.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    button.dispatchEvent(enter);
    button.dispatchEvent(space);
    // Space would scroll the page meanwhile.
    expect(space.defaultPrevented).toBe(true);
    expect(loads).toHaveLength(1);

    loads[0]!.resolve();
    await settle();
    expect(seenByIsland.map((e) => [e.type, e.key])).toEqual([
      ['keydown', 'Enter'],
      ['keydown', ' '],
    ]);
  });

  test('a load that fails drops the kept click and clears aria-busy; the next use loads again', async () => {
    const { button, inner, seenByIsland, loads } = page();
    inner.click();
    loads[0]!.reject(new Error('offline'));
    await settle();
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(seenByIsland).toEqual([]);

    inner.click();
    expect(loads).toHaveLength(2);
    loads[1]!.resolve();
    await settle();
    expect(seenByIsland.map((e) => e.type)).toEqual(['click']);
  });
});

describe('islands whose markup works without them (a GET form)', () => {
  test('keys keep doing what they do natively while the island loads', () => {
    document.body.innerHTML = '<form data-search-island><input name="q"></form>';
    const input = document.querySelector('input')!;
    let loads = 0;
    stop = loadOnInteraction(
      document,
      'form[data-search-island]',
      () => {
        loads++;
        return new Promise(() => undefined);
      },
      { keepActivations: false },
    );
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(loads).toBe(1);
    for (const key of [' ', 'Enter']) {
      const press = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      input.dispatchEvent(press);
      expect(press.defaultPrevented, key).toBe(false);
    }
    expect(input.getAttribute('aria-busy')).toBeNull();
  });
});
