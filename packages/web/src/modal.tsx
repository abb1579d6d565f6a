/**
 * The lightbox (spec sections 2, 4 and 9) shared by quick view and the additional-fields form: a
 * labelled modal dialog with a close control; Escape closes it; Tab and Shift+Tab stay inside it;
 * the page does not scroll while it is open; it fades in and out in 0.3 s; a panel taller than the
 * window sits 50 px from the top (the overlay scrolls), a shorter one is centred; after a window
 * resize it is placed again once the resize has settled for 100 ms. Focus goes back where it was.
 */
import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_RESIZE_DELAY_MS,
  LIGHTBOX_TOP_MARGIN_PX,
  type LocalizedStrings,
} from './core.ts';
import './modal.css';

/** The close control's name (the catalogue has none; `localizedStrings['modal.close']` overrides it). */
export const MODAL_CLOSE_TEXT = 'Close';

const closeText = (ls?: LocalizedStrings): string => {
  const own = ls?.['modal.close'];
  return typeof own === 'string' && own ? own : MODAL_CLOSE_TEXT;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], ' +
  '[tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `root`, in order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && !el.closest('fieldset:disabled'),
  );
}

/** Where the panel's top goes: 50 px when it is taller than the window, else centred. */
export function lightboxTop(panelHeight: number, windowHeight: number): number {
  if (panelHeight + 2 * LIGHTBOX_TOP_MARGIN_PX > windowHeight) return LIGHTBOX_TOP_MARGIN_PX;
  return Math.max(0, Math.round((windowHeight - panelHeight) / 2));
}

// Page scroll lock, counted so that nested lightboxes unlock only when the last one closes.
const locks = new WeakMap<Document, { count: number; overflow: string; padding: string }>();

export function lockScroll(doc: Document): () => void {
  const html = doc.documentElement;
  const held = locks.get(doc);
  if (held) held.count++;
  else {
    const win = doc.defaultView;
    const scrollbar = win ? win.innerWidth - html.clientWidth : 0;
    locks.set(doc, { count: 1, overflow: html.style.overflow, padding: html.style.paddingRight });
    html.style.overflow = 'hidden';
    if (scrollbar > 0) html.style.paddingRight = `${scrollbar}px`;
    html.classList.add('sf-scroll-locked');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const lock = locks.get(doc);
    if (!lock || --lock.count > 0) return;
    locks.delete(doc);
    html.style.overflow = lock.overflow;
    html.style.paddingRight = lock.padding;
    html.classList.remove('sf-scroll-locked');
  };
}

// The lightboxes open on a document, the last one on top: only it answers Escape and keeps focus.
const stacks = new WeakMap<Document, HTMLElement[]>();
const isTop = (doc: Document, el: HTMLElement) => {
  const stack = stacks.get(doc) ?? [];
  return stack[stack.length - 1] === el;
};

interface ModalProps {
  title: string;
  /** Extra class on the panel (`sf-quick-view`, `sf-fields-modal`). */
  className?: string;
  ls?: LocalizedStrings;
  closing: boolean;
  onClose: () => void;
  children: ReactNode;
}

function Modal({ title, className, ls, closing, onClose, children }: ModalProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number>(LIGHTBOX_TOP_MARGIN_PX);
  const [shown, setShown] = useState(false);
  const id = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const closingRef = useRef(closing);
  closingRef.current = closing;

  const place = useCallback(() => {
    const panel = panelRef.current;
    const win = panel?.ownerDocument.defaultView;
    if (!panel || !win) return;
    setTop(lightboxTop(panel.offsetHeight, win.innerHeight));
  }, []);

  useLayoutEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    const doc = overlay.ownerDocument;
    const win = doc.defaultView;
    const stack = stacks.get(doc) ?? [];
    stacks.set(doc, [...stack, overlay]);
    place();
    // The first control takes focus; content that renders later (a form read from the server)
    // takes it when it arrives, unless the shopper has moved on.
    const firstControl = () => focusableIn(panel).find((el) => !el.classList.contains('sf-modal__close'));
    (firstControl() ?? panel).focus();
    const arrival =
      typeof MutationObserver === 'function' && !firstControl()
        ? new MutationObserver(() => {
            const first = firstControl();
            if (!first) return;
            arrival?.disconnect();
            if (doc.activeElement === panel) first.focus();
          })
        : undefined;
    arrival?.observe(panel, { childList: true, subtree: true });
    // Next frame, so the transition runs from the closed look.
    const frame = win?.requestAnimationFrame(() => setShown(true));

    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      if (resizeTimer !== undefined) clearTimeout(resizeTimer);
      resizeTimer = setTimeout(place, LIGHTBOX_RESIZE_DELAY_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (closingRef.current || !isTop(doc, overlay) || event.defaultPrevented) return;
      // An alert dialog opened over the lightbox handles its own keys.
      if (doc.querySelector('dialog.sf-dialog[open]')) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = doc.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (!inside || active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (closingRef.current || !isTop(doc, overlay)) return;
      const target = event.target;
      if (target instanceof Node && (panel.contains(target) || target instanceof HTMLDialogElement)) return;
      if (target instanceof Element && target.closest('dialog.sf-dialog')) return;
      (focusableIn(panel)[0] ?? panel).focus();
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => place()) : undefined;
    observer?.observe(panel);
    win?.addEventListener('resize', onResize);
    doc.addEventListener('keydown', onKeyDown);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      if (frame !== undefined) win?.cancelAnimationFrame(frame);
      if (resizeTimer !== undefined) clearTimeout(resizeTimer);
      observer?.disconnect();
      arrival?.disconnect();
      win?.removeEventListener('resize', onResize);
      doc.removeEventListener('keydown', onKeyDown);
      doc.removeEventListener('focusin', onFocusIn);
      stacks.set(
        doc,
        (stacks.get(doc) ?? []).filter((el) => el !== overlay),
      );
    };
  }, [place]);

  const state = closing ? 'closing' : shown ? 'open' : 'opening';
  return (
    <div
      ref={overlayRef}
      className="sf-modal"
      data-state={state}
      inert={closing || undefined}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`sf-modal__panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        style={{ marginTop: `${top}px` }}
      >
        <h2 className="sf-modal__title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
        <button type="button" className="sf-modal__close" aria-label={closeText(ls)} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}

export interface OpenModalOptions {
  title: string;
  className?: string;
  ls?: LocalizedStrings;
  /** Where focus goes back after closing (default: what had focus when it opened). */
  returnFocus?: HTMLElement | null;
  /** The content; `close` closes the lightbox. */
  render(close: () => void): ReactNode;
  /** Called once the lightbox has been closed (by any means). */
  onClose?(): void;
}

export interface ModalHandle {
  close(): void;
  /** The panel element (`role=dialog`). */
  readonly panel: () => HTMLElement | null;
  /** Resolves once the closing animation has ended and the lightbox is gone. */
  readonly closed: Promise<void>;
}

/** Opens a lightbox on `doc`; the content is rendered in a React root of its own. */
export function openModal(doc: Document, options: OpenModalOptions): ModalHandle {
  const container = doc.createElement('div');
  container.className = 'sf-modal-root';
  doc.body.appendChild(container);
  const active = doc.activeElement;
  const returnFocus =
    options.returnFocus ?? (active instanceof HTMLElement && active !== doc.body ? active : null);
  const unlock = lockScroll(doc);
  const root = createRoot(container);
  let closing = false;
  let finish!: () => void;
  const closed = new Promise<void>((resolve) => (finish = resolve));

  const close = () => {
    if (closing) return;
    closing = true;
    // Out of the stack at once: its keyboard and focus handlers stop before React re-renders.
    const overlay = container.querySelector<HTMLElement>('.sf-modal');
    stacks.set(
      doc,
      (stacks.get(doc) ?? []).filter((el) => el !== overlay),
    );
    render();
    unlock();
    if (returnFocus?.isConnected) returnFocus.focus();
    options.onClose?.();
    setTimeout(() => {
      root.unmount();
      container.remove();
      finish();
    }, LIGHTBOX_ANIMATION_MS);
  };
  const render = () =>
    root.render(
      <Modal
        title={options.title}
        className={options.className}
        ls={options.ls}
        closing={closing}
        onClose={close}
      >
        {options.render(close)}
      </Modal>,
    );
  render();
  return {
    close,
    panel: () => container.querySelector<HTMLElement>('.sf-modal__panel'),
    closed,
  };
}
