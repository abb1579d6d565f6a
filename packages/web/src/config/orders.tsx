/** The orders screens: the list (search, filters, pages, CSV export) and one order with its actions. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { OrderDetail, OrderPage, ProductChoice, ProductChoices } from '@storefront/core/wire';
import { formatMoney } from '../core.ts';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { Link, navigate, useLocation } from './router.tsx';

const FILTERS = ['q', 'status', 'from', 'to', 'productId'] as const;
const STATUS_LABELS: Record<string, string> = {
  'awaiting-payment': 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
const when = (ms: number) => new Date(ms).toLocaleString();

function Status({ status }: { status: string }) {
  return <span className={`cfg-badge cfg-badge-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="cfg-error">
      {error instanceof ConfigError ? error.message : 'Something went wrong. Please try again.'}
    </p>
  );
}

/** Waits this long after the last key before asking the server, so typing a word is one call. */
const PRODUCT_SEARCH_DELAY_MS = 250;

/**
 * The product filter: a title search narrowing a list of products to pick from (the server answers
 * a few matching titles, whatever the shop's size). The one picked is kept while another is searched.
 */
function ProductPicker({ productId }: { productId: string }) {
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<ProductChoice[]>([]);
  const [picked, setPicked] = useState(productId);
  // Until a search answers its title, a product picked from the address shows as its id.
  const [pickedChoice, setPickedChoice] = useState<ProductChoice | undefined>(
    productId ? { productId, title: productId } : undefined,
  );
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      getJson<ProductChoices>(`/api/config/product-choices${queryOf({ q: text.trim() })}`).then(
        (answer) => live && setChoices(answer.products),
        () => live && setChoices([]),
      );
    }, PRODUCT_SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  const options =
    picked && pickedChoice && !choices.some((c) => c.productId === picked)
      ? [pickedChoice, ...choices]
      : choices;
  return (
    <>
      <p>
        <label htmlFor="f-product-search">Find a product</label>
        <input
          id="f-product-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Product title"
          aria-controls="f-product"
        />
      </p>
      <p>
        <label htmlFor="f-product">Product</label>
        <select
          id="f-product"
          name="productId"
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            setPickedChoice(choices.find((c) => c.productId === e.target.value));
          }}
        >
          <option value="">Any product</option>
          {options.map((c) => (
            <option key={c.productId} value={c.productId}>
              {c.title}
            </option>
          ))}
        </select>
      </p>
    </>
  );
}

export function OrdersScreen() {
  const { search } = useLocation();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const cursor = search.get('cursor') ?? '';
  const [page, setPage] = useState<OrderPage>();
  const [error, setError] = useState<unknown>();
  const key = search.toString();
  const url = `/api/config/orders${queryOf({ ...filters, cursor })}`;
  useEffect(() => {
    let live = true;
    setError(undefined);
    getJson<OrderPage>(url).then(
      (p) => live && setPage(p),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    navigate(
      `/config/orders${queryOf(Object.fromEntries(FILTERS.map((f) => [f, String(data.get(f) ?? '').trim()])))}`,
    );
  };

  return (
    <>
      <h1>Orders</h1>
      <form className="cfg-filters" role="search" onSubmit={onSubmit} key={key}>
        <p>
          <label htmlFor="f-q">Search</label>
          <input
            id="f-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Number, email or name"
          />
        </p>
        <p>
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="f-from">From</label>
          <input id="f-from" name="from" type="date" defaultValue={filters.from} />
        </p>
        <p>
          <label htmlFor="f-to">To</label>
          <input id="f-to" name="to" type="date" defaultValue={filters.to} />
        </p>
        <ProductPicker productId={filters.productId} />
        <p className="cfg-filter-actions">
          <button type="submit">Find orders</button>
          <a className="cfg-button-secondary" href={`/api/config/orders/export${queryOf(filters)}`} download>
            Export CSV
          </a>
        </p>
      </form>
      <Problem error={error} />
      {page && (
        <>
          <table className="cfg-table">
            <caption>{page.orders.length ? 'Orders, newest first' : 'No order matches.'}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Fulfilment</th>
                <th scope="col" className="cfg-num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((o) => (
                <tr key={o.number}>
                  <th scope="row">
                    <Link href={`/config/orders/${o.number}`}>#{o.number}</Link>
                  </th>
                  <td data-label="Placed">{when(o.created)}</td>
                  <td data-label="Customer">
                    {o.customerName}
                    <br />
                    <span className="cfg-muted">{o.email}</span>
                  </td>
                  <td data-label="Status">
                    <Status status={o.status} />
                  </td>
                  <td data-label="Fulfilment">{o.fulfilment}</td>
                  <td className="cfg-num" data-label="Total">
                    {formatMoney(o.grandTotalCents, o.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="cfg-pager">
            {cursor && <Link href={`/config/orders${queryOf(filters)}`}>First page</Link>}
            {page.hasNextPage && page.nextPageCursor && (
              <Link href={`/config/orders${queryOf({ ...filters, cursor: page.nextPageCursor })}`}>
                Next page
              </Link>
            )}
          </p>
        </>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sec-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="cfg-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const EVENT_LABELS: Record<string, string> = {
  paid: 'Marked paid',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  refunded: 'Refund recorded',
  'refund-requested': 'Refund asked of Stripe',
  'refund-sent': 'Refund sent to Stripe',
  'refund-failed': 'Refund failed',
  'refund-unanswered': 'Stripe did not answer the refund',
  'confirmation-resent': 'Confirmation sent again',
  note: 'Note',
};

function eventText(e: OrderDetail['timeline'][number], currency: string): string {
  const d = e.detail ?? {};
  if (e.kind === 'note') return String(d.text ?? '');
  if (e.kind === 'refunded' || e.kind === 'refund-requested')
    return formatMoney(Number(d.amountCents ?? 0), currency);
  if (e.kind === 'refund-sent') return formatMoney(Number(d.stripeCents ?? 0), currency);
  if (e.kind === 'refund-failed' || e.kind === 'refund-unanswered') return String(d.problem ?? '');
  if (e.kind === 'fulfilled' && d.trackingNumber) return `Tracking ${String(d.trackingNumber)}`;
  if (e.kind === 'cancelled' && d.reason) return String(d.reason);
  return '';
}

export function OrderScreen({ number, can }: { number: number; can: (permission: string) => boolean }) {
  const [order, setOrder] = useState<OrderDetail>();
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  /** The irreversible action waiting for its confirmation, with its body. */
  const [asking, setAsking] = useState<{ action: 'cancel' | 'mark-paid'; body: unknown }>();
  useEffect(() => {
    getJson<OrderDetail>(`/api/config/orders/${number}`).then(setOrder, setError);
  }, [number]);

  const act = (action: string, body: unknown, success: string) => async () => {
    setBusy(true);
    setError(undefined);
    setDone('');
    try {
      setOrder(await postJson<OrderDetail>(`/api/config/orders/${number}/${action}`, body));
      setDone(success);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const onForm =
    (run: (data: FormData, form: HTMLFormElement) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      void run(new FormData(form), form);
    };

  if (!order)
    return (
      <>
        <h1>Order #{number}</h1>
        {error ? <Problem error={error} /> : <p>Loading…</p>}
      </>
    );
  const money = (cents: number) => formatMoney(cents, order.currency);
  const manage = can('orders.manage');
  const open = order.lines.some((l) => l.fulfilledQuantity < l.quantity);
  const shipped = order.lines.some((l) => l.fulfilledQuantity > 0);
  return (
    <>
      <p>
        <Link href="/config/orders">All orders</Link>
      </p>
      <h1>
        Order #{order.number} <Status status={order.status} />
      </h1>
      <p className="cfg-muted">Placed {when(order.created)}</p>
      <div role="status" aria-live="polite" className="cfg-done">
        {done}
      </div>
      <Problem error={error} />
      <div className="cfg-grid">
        <Section title="Customer">
          <p>
            {order.customer.name}
            <br />
            <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
          </p>
          {order.address && (
            <address>
              {['line1', 'line2', 'city', 'state', 'zip', 'country']
                .map((k) => order.address?.[k])
                .filter(Boolean)
                .join(', ')}
            </address>
          )}
        </Section>
        <Section title="Payment">
          <p>
            {order.payment.provider}
            {order.payment.reference ? ` (${order.payment.reference})` : ''}
          </p>
          <dl className="cfg-totals">
            <dt>Subtotal</dt>
            <dd>{money(order.totals.subtotalCents)}</dd>
            <dt>Shipping</dt>
            <dd>{money(order.totals.shippingCents)}</dd>
            <dt>Tax</dt>
            <dd>{money(order.totals.taxCents)}</dd>
            <dt>Discount</dt>
            <dd>{money(order.totals.discountCents)}</dd>
            <dt>Total</dt>
            <dd>{money(order.totals.grandTotalCents)}</dd>
            <dt>Refunded</dt>
            <dd>{money(order.totals.refundedCents)}</dd>
            {order.totals.pendingRefundCents > 0 && (
              <>
                <dt>Refund pending</dt>
                <dd>{money(order.totals.pendingRefundCents)}</dd>
              </>
            )}
          </dl>
        </Section>
      </div>
      <Section title="Lines">
        <table className="cfg-table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col" className="cfg-num">
                Quantity
              </th>
              <th scope="col" className="cfg-num">
                Shipped
              </th>
              <th scope="col" className="cfg-num">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <th scope="row">
                  {l.title}
                  {Object.keys(l.attributes).length > 0 && (
                    <span className="cfg-muted">
                      {' '}
                      (
                      {Object.entries(l.attributes)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(', ')}
                      )
                    </span>
                  )}
                </th>
                <td data-label="SKU">{l.sku}</td>
                <td className="cfg-num" data-label="Quantity">
                  {l.quantity}
                </td>
                <td className="cfg-num" data-label="Shipped">
                  {l.fulfilledQuantity}
                </td>
                <td className="cfg-num" data-label="Price">
                  {money(l.unitPriceCents * l.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {order.fulfilments.length > 0 && (
          <ul>
            {order.fulfilments.map((f) => (
              <li key={f.id}>
                Shipped {when(f.created)}
                {f.trackingNumber && (
                  <>
                    {' '}
                    · tracking{' '}
                    {f.trackingUrl ? <a href={f.trackingUrl}>{f.trackingNumber}</a> : f.trackingNumber}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {(order.giftCards.onPayment || order.giftCards.cards.length > 0) && (
        <Section title="Gift cards">
          {order.giftCards.onPayment ? (
            <p className="cfg-gift-cards-on-payment">
              Issued on payment: the card is made and mailed to its recipient when the order is marked paid.
            </p>
          ) : (
            <ul className="cfg-gift-cards-issued">
              {order.giftCards.cards.map((c) => (
                <li key={c.hint}>
                  Gift card {c.hint}: {money(c.initialCents)} (balance {money(c.balanceCents)})
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      {manage ? (
        <Section title="Actions">
          <div className="cfg-actions">
            {order.status === 'awaiting-payment' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => setAsking({ action: 'mark-paid', body: {} })}
              >
                Mark paid
              </button>
            )}
            <button
              type="button"
              className="cfg-button-secondary"
              disabled={busy}
              onClick={act('resend-confirmation', {}, 'The confirmation has been sent again.')}
            >
              Resend confirmation
            </button>
            <RefundDialog
              order={order}
              onRefunded={(refunded, summary) => {
                setOrder(refunded);
                setError(undefined);
                setDone(summary);
              }}
            />
          </div>
          {order.status !== 'cancelled' && open && (
            <form
              className="cfg-form"
              aria-labelledby="fulfil-title"
              onSubmit={onForm(async (data) => {
                const lines = order.lines
                  .map((l) => ({ lineId: l.id, quantity: Number(data.get(`qty-${l.id}`) ?? 0) }))
                  .filter((l) => l.quantity > 0);
                const trackingNumber = String(data.get('trackingNumber') ?? '').trim();
                const trackingUrl = String(data.get('trackingUrl') ?? '').trim();
                await act(
                  'fulfil',
                  {
                    lines,
                    ...(trackingNumber ? { trackingNumber } : {}),
                    ...(trackingUrl ? { trackingUrl } : {}),
                  },
                  'Fulfilled. The customer has been mailed.',
                )();
              })}
            >
              <h3 id="fulfil-title">Fulfil</h3>
              {order.lines
                .filter((l) => l.fulfilledQuantity < l.quantity)
                .map((l) => (
                  <p key={l.id}>
                    <label htmlFor={`qty-${l.id}`}>{l.title}: quantity to ship</label>
                    <input
                      id={`qty-${l.id}`}
                      name={`qty-${l.id}`}
                      type="number"
                      min={0}
                      max={l.quantity - l.fulfilledQuantity}
                      defaultValue={l.quantity - l.fulfilledQuantity}
                    />
                  </p>
                ))}
              <p>
                <label htmlFor="tracking-number">Tracking number (optional)</label>
                <input id="tracking-number" name="trackingNumber" />
              </p>
              <p>
                <label htmlFor="tracking-url">Tracking link (optional)</label>
                <input id="tracking-url" name="trackingUrl" type="url" />
              </p>
              <button type="submit" disabled={busy}>
                Fulfil
              </button>
            </form>
          )}
          {order.status !== 'cancelled' && !shipped && (
            <form
              className="cfg-form"
              aria-labelledby="cancel-title"
              onSubmit={(event) => {
                event.preventDefault();
                const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
                setAsking({ action: 'cancel', body: reason ? { reason } : {} });
              }}
            >
              <h3 id="cancel-title">Cancel the order</h3>
              <p>
                <label htmlFor="cancel-reason">Reason (optional, kept private)</label>
                <input id="cancel-reason" name="reason" />
              </p>
              <button type="submit" className="cfg-button-danger" disabled={busy}>
                Cancel order
              </button>
            </form>
          )}
          <ConfirmDialog
            open={asking?.action === 'cancel'}
            title={`Cancel order #${order.number}?`}
            confirmText="Cancel the order"
            keepText="Keep the order"
            danger
            busy={busy}
            onKeep={() => setAsking(undefined)}
            onConfirm={() => {
              const body = asking?.body;
              setAsking(undefined);
              void act('cancel', body, 'Cancelled. The stock is back and the customer has been mailed.')();
            }}
          >
            <p>
              The order is cancelled for good: its stock goes back on sale and {order.customer.email} is
              mailed that it is cancelled. This cannot be undone.
            </p>
          </ConfirmDialog>
          <ConfirmDialog
            open={asking?.action === 'mark-paid'}
            title={`Mark order #${order.number} paid?`}
            confirmText="Mark paid"
            confirmLabel={`Yes, mark order #${order.number} paid`}
            keepText="Not yet"
            busy={busy}
            onKeep={() => setAsking(undefined)}
            onConfirm={() => {
              setAsking(undefined);
              void act('mark-paid', {}, 'Marked paid. The customer has been mailed.')();
            }}
          >
            <p>
              Only when {money(order.totals.grandTotalCents)} has reached you: {order.customer.email} is
              mailed that the order is paid, and it counts as revenue. This cannot be undone.
            </p>
          </ConfirmDialog>
          <form
            className="cfg-form"
            aria-labelledby="note-title"
            onSubmit={onForm(async (data, form) => {
              await act('notes', { text: String(data.get('text') ?? '') }, 'Note added.')();
              form.reset();
            })}
          >
            <h3 id="note-title">Private note</h3>
            <p>
              <label htmlFor="note-text">Note (staff only)</label>
              <textarea id="note-text" name="text" required rows={3} />
            </p>
            <button type="submit" className="cfg-button-secondary" disabled={busy}>
              Add note
            </button>
          </form>
        </Section>
      ) : (
        <p className="cfg-muted">Your roles let you read orders, not change them.</p>
      )}
      <Section title="Timeline">
        {order.timeline.length ? (
          <ol className="cfg-timeline">
            {order.timeline.map((e) => (
              <li key={e.id}>
                <strong>{EVENT_LABELS[e.kind] ?? e.kind}</strong> {eventText(e, order.currency)}{' '}
                <span className="cfg-muted">
                  {when(e.created)}
                  {e.by ? ` by ${e.by}` : ''}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing has happened to this order since it was placed.</p>
        )}
      </Section>
    </>
  );
}
