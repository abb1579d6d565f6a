/**
 * Stock: every variant's level (low-stock and sold-out filters), changes with a reason, and the
 * ledger (a range of UTC days, also what its CSV export holds).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type {
  StockChangeAnswer,
  StockLedgerEntry as Entry,
  StockLedgerPage,
  StockPage,
  StockVariant as Variant,
} from '@storefront/core/wire';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import {
  AttributeValues,
  CursorPager,
  FilterForm,
  InlineError,
  Outcome,
  RecordsTable,
  SelectField,
} from './parts.tsx';

const REASONS = ['received', 'correction', 'damaged', 'returned', 'other'];
const LEVEL_CHOICES = [
  ['', 'Every variant'],
  ['low', 'Low on stock'],
  ['sold-out', 'Sold out'],
] as const;
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
      const answer = await postJson<StockChangeAnswer>(`/api/config/stock/${encodeURIComponent(id)}`, body);
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
      <InlineError error={error} />
    </form>
  );
}

export function StockScreen() {
  const [filter, setFilter] = useState('');
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState('');
  const [variants, setVariants] = useState<StockPage>();
  const [ledger, setLedger] = useState<Entry[]>([]);
  const [editing, setEditing] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [ledgerRange, setLedgerRange] = useState({ from: '', to: '' });
  const ledgerQuery = queryOf(ledgerRange);
  useEffect(() => {
    getJson<StockPage>(`/api/config/stock${queryOf({ q, filter, cursor })}`).then(setVariants, (e: unknown) =>
      setError(problemOf(e)),
    );
  }, [q, filter, cursor, tick]);
  useEffect(() => {
    getJson<StockLedgerPage>(`/api/config/stock/ledger${ledgerQuery}`).then(
      (l) => setLedger(l.entries),
      (e: unknown) => setError(problemOf(e)),
    );
  }, [ledgerQuery, tick]);

  return (
    <>
      <h1>Stock</h1>
      <FilterForm
        search
        onFilter={(data) => {
          setQ(String(data.get('q') ?? '').trim());
          setFilter(String(data.get('filter') ?? ''));
          setCursor('');
        }}
      >
        <p>
          <label htmlFor="s-q">Search</label>
          <input id="s-q" name="q" type="search" placeholder="Product or SKU" />
        </p>
        <SelectField id="s-filter" name="filter" label="Show" options={LEVEL_CHOICES} />
      </FilterForm>
      <Outcome done={done} error={error} />
      {variants && (
        <RecordsTable
          columns={[
            {
              header: 'Product',
              cell: (v) => (
                <>
                  {v.productTitle}
                  <AttributeValues attributes={v.attributes} />
                </>
              ),
            },
            { header: 'SKU', cell: (v) => v.sku },
            { header: 'In stock', numeric: true, cell: (v) => (v.unlimited ? 'Unlimited' : v.qtyInStock) },
            {
              header: 'Change',
              hiddenHeader: true,
              cell: (v) =>
                !v.unlimited &&
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
                )),
            },
          ]}
          rows={variants.variants}
          rowKey={(v) => v.variantId}
          caption="Variants by product"
          emptyText="No variant matches."
        />
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
        <FilterForm
          label="Ledger dates"
          submitText="Show changes"
          onFilter={(data) =>
            setLedgerRange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') })
          }
        >
          <p>
            <label htmlFor="ledger-from">Changes from</label>
            <input id="ledger-from" name="from" type="date" />
          </p>
          <p>
            <label htmlFor="ledger-to">Changes to</label>
            <input id="ledger-to" name="to" type="date" />
          </p>
        </FilterForm>
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
