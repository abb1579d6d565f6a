/**
 * Stock: every variant's level (low-stock and sold-out filters), changes with a reason, and the
 * ledger (a range of UTC days, also what its CSV export holds).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { CursorPage } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { AttributeValues, CursorPager, Outcome } from './parts.tsx';

interface Variant {
  variantId: string;
  productTitle: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

interface Entry {
  id: string;
  created: number;
  variantId: string;
  sku: string | null;
  productTitle: string | null;
  change: number;
  reason: string;
  note: string | null;
  by: string | null;
}

const REASONS = ['received', 'correction', 'damaged', 'returned', 'other'];
const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

function ChangeForm({ variant, onDone }: { variant: Variant; onDone: (message: string) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = variant.variantId;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amount = Number(data.get('amount'));
    const note = String(data.get('note') ?? '').trim();
    const body = {
      ...(data.get('mode') === 'set' ? { set: amount, expected: variant.qtyInStock } : { adjust: amount }),
      reason: String(data.get('reason')),
      ...(note ? { note } : {}),
    };
    setBusy(true);
    setError('');
    try {
      const answer = await postJson<{ qtyInStock: number }>(
        `/api/config/stock/${encodeURIComponent(id)}`,
        body,
      );
      onDone(`${variant.productTitle} ${variant.sku}: ${answer.qtyInStock} in stock.`);
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="cfg-inline-form"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={`Change the stock of ${variant.sku}`}
    >
      <label htmlFor={`mode-${id}`}>Change</label>
      <select id={`mode-${id}`} name="mode" defaultValue="adjust">
        <option value="adjust">Adjust by</option>
        <option value="set">Set to</option>
      </select>
      <label htmlFor={`amount-${id}`}>Units</label>
      <input id={`amount-${id}`} name="amount" type="number" required step={1} />
      <label htmlFor={`reason-${id}`}>Reason</label>
      <select id={`reason-${id}`} name="reason" defaultValue="received">
        {REASONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <label htmlFor={`note-${id}`}>Note</label>
      <input id={`note-${id}`} name="note" />
      <button type="submit" disabled={busy}>
        Save
      </button>
      {error && (
        <span role="alert" className="cfg-error">
          {error}
        </span>
      )}
    </form>
  );
}

export function StockScreen() {
  const [filter, setFilter] = useState('');
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState('');
  const [variants, setVariants] = useState<CursorPage<'variants', Variant>>();
  const [ledger, setLedger] = useState<Entry[]>([]);
  const [editing, setEditing] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [ledgerRange, setLedgerRange] = useState({ from: '', to: '' });
  const ledgerQuery = queryOf(ledgerRange);
  useEffect(() => {
    getJson<typeof variants>(`/api/config/stock${queryOf({ q, filter, cursor })}`).then(
      setVariants,
      (e: unknown) => setError(problemOf(e)),
    );
  }, [q, filter, cursor, tick]);
  useEffect(() => {
    getJson<{ entries: Entry[] }>(`/api/config/stock/ledger${ledgerQuery}`).then(
      (l) => setLedger(l.entries),
      (e: unknown) => setError(problemOf(e)),
    );
  }, [ledgerQuery, tick]);

  return (
    <>
      <h1>Stock</h1>
      <form
        className="cfg-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setQ(String(data.get('q') ?? '').trim());
          setFilter(String(data.get('filter') ?? ''));
          setCursor('');
        }}
      >
        <p>
          <label htmlFor="s-q">Search</label>
          <input id="s-q" name="q" type="search" placeholder="Product or SKU" />
        </p>
        <p>
          <label htmlFor="s-filter">Show</label>
          <select id="s-filter" name="filter" defaultValue="">
            <option value="">Every variant</option>
            <option value="low">Low on stock</option>
            <option value="sold-out">Sold out</option>
          </select>
        </p>
        <p className="cfg-filter-actions">
          <button type="submit">Show</button>
        </p>
      </form>
      <Outcome done={done} error={error} />
      {variants && (
        <table className="cfg-table">
          <caption>{variants.variants.length ? 'Variants by product' : 'No variant matches.'}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="cfg-num">
                In stock
              </th>
              <th scope="col">
                <span className="cfg-visually-hidden">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.variants.map((v) => (
              <tr key={v.variantId}>
                <th scope="row">
                  {v.productTitle}
                  <AttributeValues attributes={v.attributes} />
                </th>
                <td>{v.sku}</td>
                <td className="cfg-num">{v.unlimited ? 'Unlimited' : v.qtyInStock}</td>
                <td>
                  {!v.unlimited &&
                    (editing === v.variantId ? (
                      <ChangeForm
                        variant={v}
                        onDone={(message) => {
                          setDone(message);
                          setEditing('');
                          setTick((n) => n + 1);
                        }}
                      />
                    ) : (
                      <button
                        type="button"
                        className="cfg-button-secondary"
                        aria-label={`Change stock of ${v.productTitle} ${v.sku}`}
                        onClick={() => setEditing(v.variantId)}
                      >
                        Change stock
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CursorPager cursor={cursor} page={variants} onCursor={setCursor} />
      <section className="cfg-panel" aria-labelledby="ledger-title">
        <h2 id="ledger-title">Stock ledger</h2>
        <p>
          Every change: orders placed and cancelled, staff changes, content sync.{' '}
          <a className="cfg-button-secondary" href={`/api/config/stock/ledger/export${ledgerQuery}`} download>
            Export the ledger as CSV
          </a>
        </p>
        <form
          className="cfg-filters"
          aria-label="Ledger dates"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            setLedgerRange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
          }}
        >
          <p>
            <label htmlFor="ledger-from">Changes from</label>
            <input id="ledger-from" name="from" type="date" />
          </p>
          <p>
            <label htmlFor="ledger-to">Changes to</label>
            <input id="ledger-to" name="to" type="date" />
          </p>
          <p className="cfg-filter-actions">
            <button type="submit">Show changes</button>
          </p>
        </form>
        {ledger.length ? (
          <ol className="cfg-timeline">
            {ledger.map((e) => (
              <li key={e.id}>
                <strong>
                  {e.change > 0 ? `+${e.change}` : e.change} {e.productTitle ?? ''} {e.sku ?? e.variantId}
                </strong>{' '}
                {e.reason}
                {e.note ? `: ${e.note}` : ''}{' '}
                <span className="cfg-muted">
                  {new Date(e.created).toLocaleString()}
                  {e.by ? ` by ${e.by}` : ''}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p>{ledgerQuery ? 'No change in these days.' : 'No change yet.'}</p>
        )}
      </section>
    </>
  );
}
