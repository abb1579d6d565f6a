/**
 * The one question the back office asks before doing what cannot be undone (cancel an order, mark it
 * paid, delete a submission, mail restock notices...). A modal `<dialog>`: the page behind is inert,
 * Tab stays inside, Escape or the keep button closes it with nothing done, and focus goes back to
 * the button that opened it. Focus starts on the keep button, so a stray Enter does no harm.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, as the dialog's name ("Cancel order #12?"). */
  title: string;
  /** What will happen, in plain words: read out as the dialog's description. */
  children: ReactNode;
  /** The button that does it ("Cancel the order"). */
  confirmText: string;
  /** Its accessible name, when the visible text needs more context. */
  confirmLabel?: string;
  /** The button that leaves everything as it is. */
  keepText?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  confirmLabel,
  keepText = 'Keep it',
  danger = false,
  busy = false,
  onConfirm,
  onKeep,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      keep.current?.focus();
    } else if (!open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  // The browser's own Tab order would leave for its address bar: keep it inside.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="cfg-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the state says closed, and the effect closes the element.
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-what`}>{children}</div>
      <p className="cfg-dialog-actions">
        <button type="button" ref={keep} className="cfg-button-secondary" onClick={onKeep}>
          {keepText}
        </button>
        <button
          type="button"
          className={danger ? 'cfg-button-danger' : undefined}
          aria-label={confirmLabel}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmText}
        </button>
      </p>
    </dialog>
  );
}
