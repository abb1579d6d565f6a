/**
 * Accessible alert and confirmation dialogs (spec section 8: 'Unable to Add Item' with the specific
 * message as body; the /cart page's confirmation before removing an entry). One host renders the
 * current dialog as a modal `<dialog role="alertdialog">`: focus moves into it, Escape closes it,
 * focus goes back where it was.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

export interface DialogRequest {
  readonly kind: 'alert' | 'confirm';
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
}

interface Pending extends DialogRequest {
  resolve(confirmed: boolean): void;
  returnFocus: HTMLElement | null;
}

type Listener = () => void;

/** Default button texts (the catalogue has none; a site's localizedStrings may override them). */
export const DIALOG_TEXTS = { ok: 'OK', cancel: 'Cancel' } as const;

export class Dialogs {
  private queue: Pending[] = [];
  private readonly listeners = new Set<Listener>();

  constructor(private readonly doc?: Document) {}

  current(): Pending | null {
    return this.queue[0] ?? null;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private open(request: DialogRequest): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const active = this.doc?.activeElement;
      this.queue = [
        ...this.queue,
        { ...request, resolve, returnFocus: active && 'focus' in active ? (active as HTMLElement) : null },
      ];
      this.emit();
    });
  }

  private emit() {
    for (const l of [...this.listeners]) l();
  }

  alert(title: string, message: string, okLabel: string = DIALOG_TEXTS.ok): Promise<void> {
    return this.open({ kind: 'alert', title, message, confirmLabel: okLabel, cancelLabel: '' }).then(
      () => undefined,
    );
  }

  confirm(title: string, message: string, confirmLabel: string, cancelLabel: string = DIALOG_TEXTS.cancel) {
    return this.open({ kind: 'confirm', title, message, confirmLabel, cancelLabel });
  }

  /** Closes the current dialog with the shopper's answer. */
  settle(confirmed: boolean) {
    const [head, ...rest] = this.queue;
    if (!head) return;
    this.queue = rest;
    this.emit();
    head.resolve(confirmed);
    const target = head.returnFocus;
    if (target && target.isConnected) target.focus();
  }
}

export function DialogHost({ dialogs }: { dialogs: Dialogs }) {
  const current = useSyncExternalStore(dialogs.subscribe, () => dialogs.current());
  if (!current) return null;
  return <DialogView key={`${current.title}\n${current.message}`} request={current} dialogs={dialogs} />;
}

function DialogView({ request, dialogs }: { request: DialogRequest; dialogs: Dialogs }) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof el.showModal === 'function' && !el.open) {
      try {
        el.showModal();
      } catch {
        el.setAttribute('open', '');
      }
    } else if (!el.open) {
      el.setAttribute('open', '');
    }
    // The safe choice takes focus: OK for an alert, Cancel for a confirmation.
    (request.kind === 'confirm' ? cancelRef.current : confirmRef.current)?.focus();
    return () => {
      if (typeof el.close === 'function' && el.open) el.close();
    };
  }, [request.kind]);

  return (
    <dialog
      ref={ref}
      className="sf-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        dialogs.settle(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          dialogs.settle(false);
        }
      }}
    >
      <h2 id={`${id}-title`} className="sf-dialog__title">
        {request.title}
      </h2>
      <p id={`${id}-body`} className="sf-dialog__body">
        {request.message}
      </p>
      <div className="sf-dialog__actions">
        {request.kind === 'confirm' && (
          <button
            ref={cancelRef}
            type="button"
            className="sf-dialog__button sf-dialog__button--secondary"
            onClick={() => dialogs.settle(false)}
          >
            {request.cancelLabel}
          </button>
        )}
        <button
          ref={confirmRef}
          type="button"
          className="sf-dialog__button sf-dialog__button--primary"
          onClick={() => dialogs.settle(true)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
