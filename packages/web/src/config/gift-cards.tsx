/**
 * Gift cards: every card the shop issued, newest first, found by the last characters of its code
 * or by its recipient; and one card's ledger (its issue, each order it paid, each give-back). A code
 * is never shown whole: staff see its last four characters, as the shopper's order does.
 */
import { useEffect, useState } from 'react';
import type {
  BackOfficeGiftCard as GiftCard,
  GiftCardLedgerAnswer,
  GiftCardPage,
} from '@storefront/core/wire';
import { formatMoney } from '../core.ts';
import { ConfigError, getJson, queryOf } from './api.ts';
import { CursorPager, FilterForm, Outcome, RecordsTable } from './parts.tsx';
import { Link } from './router.tsx';

const API = '/api/config/gift-cards';
const when = (ms: number) => new Date(ms).toLocaleString();
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const STATE_TEXT: Record<GiftCard['state'], string> = { active: 'Active', spent: 'Spent', voided: 'Voided' };
const REASON_TEXT: Record<string, string> = {
  issued: 'Issued',
  redeemed: 'Paid an order',
  restored: 'Given back',
  voided: 'Voided (order cancelled)',
};

function State({ card }: { card: GiftCard }) {
  return <span className={`cfg-badge cfg-badge-${card.state}`}>{STATE_TEXT[card.state] ?? card.state}</span>;
}

function OrderLink({ number }: { number: number | null }) {
  return number === null ? null : <Link href={`/config/orders/${number}`}>#{number}</Link>;
}

export function GiftCardsScreen() {
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<GiftCardPage>();
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    getJson<GiftCardPage>(`${API}${queryOf({ q, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, 'The gift cards could not be loaded.')),
    );
  }, [q, cursor]);

  return (
    <>
      <h1>Gift cards</h1>
      <FilterForm
        search
        submitText="Search"
        onFilter={(data) => {
          setQ(String(data.get('q') ?? '').trim());
          setCursor('');
        }}
      >
        <p>
          <label htmlFor="gc-q">Last characters of the code, or the recipient&apos;s email</label>
          <input id="gc-q" name="q" type="search" autoComplete="off" />
        </p>
      </FilterForm>
      <Outcome done="" error={error} />
      {page && (
        <RecordsTable
          columns={[
            { header: 'Code', cell: (c) => <Link href={`/config/gift-cards/${c.id}`}>{c.hint}</Link> },
            { header: 'Initial', numeric: true, cell: (c) => formatMoney(c.initialCents, c.currency) },
            { header: 'Balance', numeric: true, cell: (c) => formatMoney(c.balanceCents, c.currency) },
            { header: 'Currency', cell: (c) => c.currency },
            { header: 'Order', cell: (c) => <OrderLink number={c.orderNumber} /> },
            { header: 'Recipient', cell: (c) => c.recipient },
            { header: 'Issued', cell: (c) => when(c.issued) },
            { header: 'State', cell: (c) => <State card={c} /> },
          ]}
          rows={page.giftCards}
          rowKey={(c) => c.id}
          caption="Gift cards, newest first"
          emptyText={q ? 'No gift card matches.' : 'No gift card yet.'}
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}

export function GiftCardScreen({ id }: { id: string }) {
  const [shown, setShown] = useState<GiftCardLedgerAnswer>();
  const [error, setError] = useState('');
  useEffect(() => {
    getJson<GiftCardLedgerAnswer>(`${API}/${encodeURIComponent(id)}`).then(setShown, (e: unknown) =>
      setError(problemOf(e, 'The gift card could not be loaded.')),
    );
  }, [id]);
  const card = shown?.giftCard;
  const money = (cents: number) => formatMoney(cents, card?.currency ?? 'USD');

  return (
    <>
      <p>
        <Link href="/config/gift-cards">All gift cards</Link>
      </p>
      <h1>Gift card {card?.hint ?? ''}</h1>
      <Outcome done="" error={error} />
      {card && shown && (
        <>
          <dl className="cfg-totals">
            <dt>Balance</dt>
            <dd>
              {money(card.balanceCents)} of {money(card.initialCents)}
            </dd>
            <dt>State</dt>
            <dd>
              <State card={card} />
            </dd>
            <dt>Bought with order</dt>
            <dd>
              <OrderLink number={card.orderNumber} />
            </dd>
            <dt>Recipient</dt>
            <dd>{card.recipient}</dd>
            <dt>Issued</dt>
            <dd>{when(card.issued)}</dd>
          </dl>
          <RecordsTable
            columns={[
              { header: 'When', cell: (e) => when(e.created) },
              { header: 'What', cell: (e) => REASON_TEXT[e.reason] ?? e.reason },
              { header: 'Order', cell: (e) => <OrderLink number={e.orderNumber} /> },
              {
                header: 'Change',
                numeric: true,
                cell: (e) => `${e.changeCents > 0 ? '+' : ''}${money(e.changeCents)}`,
              },
              { header: 'Balance after', numeric: true, cell: (e) => money(e.balanceCents) },
            ]}
            rows={shown.entries}
            rowKey={(e) => e.id}
            caption="Ledger, oldest first"
            emptyText="No ledger entry."
          />
        </>
      )}
    </>
  );
}
