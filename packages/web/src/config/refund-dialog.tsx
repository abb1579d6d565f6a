/**
 * The order screen's refund dialog (issue 27): lines and quantities or an amount, a "Restock" tick
 * box for the lines, then a confirmation that states the amount and where the money goes (back
 * onto the gift card that paid, to the card through Stripe, or by hand with manual payments), then
 * the result. The confirmation step holds one Idempotency-Key: a double click refunds once.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { OrderDetail } from '@storefront/core/wire';
import { decimalToMinor, formatMoney, fractionDigitsOf, paidForLines } from '../core.ts';
import { ConfigError, postJson } from './api.ts';

/** What the dialog reads of the order (the order screen's detail has more). */
export type RefundableOrder = Pick<OrderDetail, 'number' | 'currency' | 'totals' | 'payment' | 'lines'>;

type Step = 'choose' | 'confirm' | 'result';

interface Plan {
  amountCents: number;
  giftCardCents: number;
  providerCents: number;
  lines: { lineId: string; quantity: number }[] | null;
  restockUnits: number;
}

export function RefundDialog<T extends RefundableOrder>({
  order,
  onRefunded,
}: {
  order: T;
  onRefunded: (order: T, summary: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const idempotencyKey = useRef('');
  const [step, setStep] = useState<Step>('choose');
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amountText, setAmountText] = useState('');
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [plan, setPlan] = useState<Plan>();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState('');

  const money = (cents: number) => formatMoney(cents, order.currency);
  const digits = fractionDigitsOf(order.currency);
  const amountExample = digits > 0 ? `10.${'5'.padEnd(digits, '0')}` : '1000';
  const viaStripe = order.payment.provider === 'stripe';
  const refundable = order.lines.filter((l) => l.quantity > l.refundedQuantity);

  const open = () => {
    setStep('choose');
    setMode(refundable.length > 0 ? 'lines' : 'amount');
    setQuantities({});
    setAmountText('');
    setRestock(false);
    setReason('');
    setProblem('');
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const toConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let amountCents: number;
    let lines: Plan['lines'] = null;
    let restockUnits = 0;
    if (mode === 'lines') {
      const chosen = refundable.filter((l) => (quantities[l.id] ?? 0) > 0);
      if (chosen.length === 0) return setProblem('Choose at least one line and a quantity to refund.');
      lines = chosen.map((l) => ({ lineId: l.id, quantity: quantities[l.id] ?? 0 }));
      amountCents = paidForLines(
        chosen.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: quantities[l.id] ?? 0 })),
        order.totals,
      );
      if (restock)
        restockUnits = chosen.filter((l) => l.takesStock).reduce((n, l) => n + (quantities[l.id] ?? 0), 0);
    } else {
      const amount = decimalToMinor(amountText.trim(), order.currency);
      if (!amount.ok || amount.value <= 0)
        return setProblem(`Enter an amount in ${order.currency}, like ${amountExample}.`);
      amountCents = amount.value;
    }
    if (amountCents > order.totals.refundableCents)
      return setProblem(`Only ${money(order.totals.refundableCents)} is left to refund on this order.`);
    const giftCardCents = Math.min(amountCents, order.payment.giftCardCents);
    setPlan({ amountCents, giftCardCents, providerCents: amountCents - giftCardCents, lines, restockUnits });
    setProblem('');
    idempotencyKey.current = crypto.randomUUID();
    setStep('confirm');
  };

  const confirm = async () => {
    if (!plan || busy) return;
    setBusy(true);
    setProblem('');
    try {
      const refunded = await postJson<T>(
        `/api/config/orders/${order.number}/refund`,
        {
          ...(plan.lines ? { lines: plan.lines, restock } : { amountCents: plan.amountCents }),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
        idempotencyKey.current,
      );
      const text = resultText(plan, viaStripe, money);
      setSummary(text);
      setStep('result');
      onRefunded(refunded, text);
    } catch (error) {
      setProblem(error instanceof ConfigError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="cfg-button-secondary"
        aria-haspopup="dialog"
        disabled={order.totals.refundableCents <= 0}
        onClick={open}
      >
        Refund…
      </button>
      <dialog ref={dialog} className="cfg-dialog" aria-labelledby="refund-dialog-title">
        <h2 id="refund-dialog-title">Refund order #{order.number}</h2>
        {problem && (
          <p role="alert" className="cfg-error">
            {problem}
          </p>
        )}
        {step === 'choose' && (
          <form onSubmit={toConfirm}>
            <fieldset>
              <legend>Refund</legend>
              <label>
                <input
                  type="radio"
                  name="refund-mode"
                  checked={mode === 'lines'}
                  disabled={refundable.length === 0}
                  onChange={() => setMode('lines')}
                />{' '}
                Lines and quantities
              </label>{' '}
              <label>
                <input
                  type="radio"
                  name="refund-mode"
                  checked={mode === 'amount'}
                  onChange={() => setMode('amount')}
                />{' '}
                An amount
              </label>
            </fieldset>
            {mode === 'lines' ? (
              <>
                {refundable.map((l) => (
                  <p key={l.id}>
                    <label htmlFor={`refund-qty-${l.id}`}>
                      {l.title}: quantity to refund (of {l.quantity - l.refundedQuantity})
                    </label>
                    <input
                      id={`refund-qty-${l.id}`}
                      type="number"
                      min={0}
                      max={l.quantity - l.refundedQuantity}
                      value={quantities[l.id] ?? 0}
                      onChange={(e) =>
                        setQuantities({ ...quantities, [l.id]: Number(e.currentTarget.value) })
                      }
                    />
                  </p>
                ))}
                <p>
                  <label>
                    <input
                      type="checkbox"
                      checked={restock}
                      onChange={(e) => setRestock(e.currentTarget.checked)}
                    />{' '}
                    Restock the refunded items
                  </label>
                </p>
              </>
            ) : (
              <p>
                <label htmlFor="refund-amount">Amount ({order.currency})</label>
                <input
                  id="refund-amount"
                  value={amountText}
                  onChange={(e) => setAmountText(e.currentTarget.value)}
                  inputMode={digits > 0 ? 'decimal' : 'numeric'}
                  required
                  pattern={digits > 0 ? `\\d+(\\.\\d{1,${digits}})?` : '\\d+'}
                  title={`An amount in ${order.currency}, like ${amountExample}`}
                />
              </p>
            )}
            <p>
              <label htmlFor="refund-reason">Reason (optional)</label>
              <input id="refund-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            </p>
            <p className="cfg-muted">{money(order.totals.refundableCents)} is left to refund.</p>
            <div className="cfg-actions">
              <button type="submit">Continue</button>
              <button type="button" className="cfg-button-secondary" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        )}
        {step === 'confirm' && plan && (
          <>
            <p>
              Refund <strong>{money(plan.amountCents)}</strong>?
            </p>
            <ul>
              {plan.giftCardCents > 0 && (
                <li>{money(plan.giftCardCents)} goes back onto the gift card that paid for the order.</li>
              )}
              {plan.providerCents > 0 &&
                (viaStripe ? (
                  <li>
                    {money(plan.providerCents)} goes back to the customer&apos;s card through Stripe. It shows
                    as pending until Stripe confirms it.
                  </li>
                ) : (
                  <li>
                    {money(plan.providerCents)} must be returned to the customer by hand: this order was paid
                    manually, so no money moves by itself. The refund is recorded as done at once.
                  </li>
                ))}
              {plan.restockUnits > 0 && (
                <li>
                  {plan.restockUnits} {plan.restockUnits === 1 ? 'item goes' : 'items go'} back in stock.
                </li>
              )}
            </ul>
            <div className="cfg-actions">
              <button
                type="button"
                className="cfg-button-danger"
                disabled={busy}
                onClick={() => void confirm()}
              >
                Refund {money(plan.amountCents)}
              </button>
              <button
                type="button"
                className="cfg-button-secondary"
                disabled={busy}
                onClick={() => setStep('choose')}
              >
                Back
              </button>
            </div>
          </>
        )}
        {step === 'result' && (
          <>
            <p role="status">{summary}</p>
            <div className="cfg-actions">
              <button type="button" onClick={close}>
                Close
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}

function resultText(plan: Plan, viaStripe: boolean, money: (cents: number) => string): string {
  const parts = [
    viaStripe && plan.providerCents > 0
      ? `Refund of ${money(plan.amountCents)} sent to Stripe: pending until Stripe confirms it.`
      : `Refund of ${money(plan.amountCents)} recorded.`,
  ];
  if (plan.giftCardCents > 0) parts.push(`${money(plan.giftCardCents)} is back on the gift card.`);
  if (!viaStripe && plan.providerCents > 0)
    parts.push(`Return ${money(plan.providerCents)} to the customer by hand.`);
  if (plan.restockUnits > 0) parts.push('The refunded items are back in stock.');
  return parts.join(' ');
}
