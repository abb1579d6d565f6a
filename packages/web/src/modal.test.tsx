// @vitest-environment happy-dom
/** The lightbox: labelled dialog, focus in and back, Tab trapped, Escape, scroll lock, 0.3 s, placement. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { LIGHTBOX_ANIMATION_MS } from './core.ts';
import { lightboxTop, lockScroll, openModal } from './modal.tsx';
import { eventually, renderPending } from './testing/dom.ts';

interface HappyWindow {
  happyDOM: { setViewport(v: { width?: number; height?: number }): void };
}
const setWindowHeight = (height: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1024, height });

const panel = () => document.querySelector<HTMLElement>('.sf-modal [role="dialog"]');
const press = (key: string, shiftKey = false) =>
  (document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
  );

function openerButton() {
  document.body.innerHTML = '<button id="opener">Open</button><a href="/x" id="outside">outside</a>';
  const opener = document.getElementById('opener')!;
  opener.focus();
  return opener;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

describe('lightboxTop (spec section 9)', () => {
  test('50 px from the top when taller than the window, else centred', () => {
    expect(lightboxTop(900, 800)).toBe(50);
    expect(lightboxTop(750, 800)).toBe(50);
    expect(lightboxTop(400, 800)).toBe(200);
    expect(lightboxTop(0, 800)).toBe(400);
  });
});

describe('openModal', () => {
  test('a labelled modal dialog; focus moves in, Tab and Shift+Tab stay inside, Escape closes and focus returns', async () => {
    const opener = openerButton();
    const onClose = vi.fn();
    const modal = openModal(document, {
      title: 'Linen Camp Shirt',
      onClose,
      render: () => (
        <form>
          <input id="first" aria-label="first" />
          <button type="button" id="middle">
            middle
          </button>
        </form>
      ),
    });
    await vi.waitFor(() => expect(panel()).not.toBeNull());
    const dialog = panel()!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Linen Camp Shirt',
    );
    expect(document.activeElement?.id).toBe('first');
    const close = dialog.querySelector<HTMLButtonElement>('.sf-modal__close')!;
    expect(close.getAttribute('aria-label')).toBe('Close');

    press('Tab');
    // The handler lets the browser move focus inside; only the edges wrap.
    document.getElementById('middle')!.focus();
    close.focus();
    press('Tab');
    expect(document.activeElement?.id).toBe('first');
    press('Tab', true);
    expect(document.activeElement).toBe(close);

    // Focus that leaves the lightbox is brought back.
    document.getElementById('outside')!.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
    await modal.closed;
    expect(document.querySelector('.sf-modal')).toBeNull();
  });

  test('locks page scroll while open, and unlocks only when the last of two closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    openerButton();
    document.documentElement.style.overflow = 'scroll';
    const onClose = vi.fn();
    const first = openModal(document, {
      title: 'One',
      render: () => <p>one</p>,
      onClose: () => onClose('one'),
    });
    const second = openModal(document, {
      title: 'Two',
      render: () => <p>two</p>,
      onClose: () => onClose('two'),
    });
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.documentElement.classList.contains('sf-scroll-locked')).toBe(true);
    // Escape closes the top one only, once both are rendered (their key handlers come with them).
    await eventually(() => expect(document.querySelectorAll('.sf-modal [role="dialog"]')).toHaveLength(2));
    press('Escape');
    expect(onClose.mock.calls).toEqual([['two']]);
    vi.advanceTimersByTime(LIGHTBOX_ANIMATION_MS);
    await second.closed;
    expect(document.querySelectorAll('.sf-modal')).toHaveLength(1);
    expect(document.querySelector('.sf-modal')?.getAttribute('data-state')).not.toBe('closing');
    expect(document.documentElement.style.overflow).toBe('hidden');
    first.close();
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.documentElement.classList.contains('sf-scroll-locked')).toBe(false);
  });

  test('the close control closes; the lightbox leaves after the 0.3 s animation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    openerButton();
    const modal = openModal(document, { title: 'T', render: () => <p>body</p> });
    await renderPending();
    panel()!.querySelector<HTMLButtonElement>('.sf-modal__close')!.click();
    await renderPending();
    expect(document.querySelector('.sf-modal')?.getAttribute('data-state')).toBe('closing');
    vi.advanceTimersByTime(299);
    expect(document.querySelector('.sf-modal')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await modal.closed;
    expect(document.querySelector('.sf-modal')).toBeNull();
  });

  test('placed again 100 ms after the window stops resizing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setWindowHeight(800);
    openerButton();
    openModal(document, { title: 'T', render: () => <p>body</p> });
    await vi.waitFor(() => expect(panel()).not.toBeNull());
    // happy-dom lays nothing out: the panel is 0 px tall, so it is centred.
    await vi.waitFor(() => expect(panel()!.style.marginTop).toBe('400px'));
    setWindowHeight(600);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(60);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(99);
    await renderPending();
    expect(panel()!.style.marginTop).toBe('400px');
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(panel()!.style.marginTop).toBe('300px'));
  });

  test('lockScroll releases once per lock', () => {
    const release = lockScroll(document);
    release();
    release();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
