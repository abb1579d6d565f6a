/**
 * Gift cards in the back office (issue 17), on db/gift-cards.ts's tables. Registered by routes.ts;
 * each call for signed-in staff holding `orders.read` (401 signed out, 403 `account.forbidden`):
 *
 * - `GET /api/config/gift-cards?q=&cursor=` -> `{ giftCards: [{ id, hint, initialCents,
 *   balanceCents, currency, orderNumber, recipient, issued, state }], hasNextPage, nextPageCursor }`,
 *   newest first; `state` is `active`, `spent` (nothing left) or `voided` (its order was cancelled);
 * - `GET /api/config/gift-cards/:id` -> `{ giftCard, entries: [{ id, created, reason, changeCents,
 *   balanceCents, orderNumber }] }`: the card and its ledger, oldest first (issue, each redemption
 *   with its order, each give-back, a void), each entry with the balance it left.
 *
 * Staff never see a whole code: a card is shown by its last four characters (`hint`) and named in
 * addresses by the id of its `issued` ledger row. So that the list cannot be made to spell a code
 * out, `q` matches at most a code's last four characters (or the whole code, which tells nothing
 * to someone who holds it), besides any part of the recipient's address; the cursor holds no code.
 */
import type {
  BackOfficeGiftCard,
  GiftCardLedgerAnswer,
  GiftCardPage,
  GiftCardState,
} from '@storefront/core/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GIFT_CARD_CODE_LENGTH,
  giftCardHint,
  giftCardLedgerRows,
  issuedGiftCard,
  issuedGiftCards,
  normaliseGiftCardCode,
  type IssuedGiftCardRow,
} from './store.ts';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { likePattern } from '../../platform/http/list-search.ts';

const PAGE = 50;
/** How much of a code's end a search may name: no more than the list shows. */
const SHOWN_CHARACTERS = 4;

export const giftCardListQuery = z
  .object({ q: z.string().trim().max(200).optional(), cursor: z.string().max(500).optional() })
  .strict();
const giftCardParams = z.object({ id: z.string().uuid('expected a gift card id') }).strict();

export type { GiftCardState };

function cardView(row: IssuedGiftCardRow, orderNumbers: ReadonlyMap<string, number>): BackOfficeGiftCard {
  const state: GiftCardState = row.voided ? 'voided' : row.balance_cents === 0 ? 'spent' : 'active';
  return {
    id: row.id,
    hint: giftCardHint(row.code),
    initialCents: row.initial_cents,
    balanceCents: row.balance_cents,
    currency: row.currency,
    orderNumber: orderNumbers.get(row.order_id) ?? null,
    recipient: row.recipient,
    issued: Number(row.created),
    state,
  };
}
export type BackofficeGiftCard = BackOfficeGiftCard;

/** What a search names of a code: its end (no more than the list shows), all of it, or nothing. */
function codeSearched(text: string): { end: string } | { whole: string } | undefined {
  const code = normaliseGiftCardCode(text.replace(/^…/, ''));
  if (!/^[A-Z0-9]+$/.test(code)) return undefined;
  if (code.length <= SHOWN_CHARACTERS) return { end: code };
  return code.length === GIFT_CARD_CODE_LENGTH ? { whole: code } : undefined;
}

/** The number of each order named (app.ts hands over the orders module's): gift cards know orders only by id. */
export type OrderNumbersOf = (orderIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;

export async function listGiftCards(
  db: Db,
  orderNumbersOf: OrderNumbersOf,
  query: z.infer<typeof giftCardListQuery>,
): Promise<GiftCardPage> {
  const search = query.q
    ? { recipientPattern: likePattern(query.q), code: codeSearched(query.q) }
    : undefined;
  const before = query.cursor ? decodeCursor(query.cursor, ['number', 'string']) : undefined;
  const rows = await issuedGiftCards(db, { search, before, limit: PAGE + 1 });
  const page = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  const orderNumbers = await orderNumbersOf(page.shown.map((r) => r.order_id));
  return {
    giftCards: page.shown.map((row) => cardView(row, orderNumbers)),
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  };
}

/** Ledger reasons in the order they happen within one instant: a card is issued before it is spent. */
const REASON_ORDER = ['issued', 'redeemed', 'restored', 'voided'];

export async function giftCardLedger(
  db: Db,
  orderNumbersOf: OrderNumbersOf,
  id: string,
): Promise<GiftCardLedgerAnswer> {
  const row = await issuedGiftCard(db, id);
  if (!row) throw apiError('backoffice.gift-card-not-found');
  const entries = await giftCardLedgerRows(db, row.code);
  const orderNumbers = await orderNumbersOf([row.order_id, ...entries.map((e) => e.order_id)]);
  entries.sort(
    (a, b) =>
      Number(a.created) - Number(b.created) ||
      REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason),
  );
  let balance = 0;
  return {
    giftCard: cardView(row, orderNumbers),
    entries: entries.map((e) => {
      balance += e.change_cents;
      return {
        id: e.id,
        created: Number(e.created),
        reason: e.reason,
        changeCents: e.change_cents,
        balanceCents: balance,
        orderNumber: orderNumbers.get(e.order_id) ?? null,
      };
    }),
  };
}

export async function giftCardBackofficeRoutes(
  plugin: FastifyInstance,
  api: string,
  options: { orderNumbersOf: OrderNumbersOf },
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('orders.read') };

  app.get(
    `${api}/gift-cards`,
    { ...read, schema: { querystring: giftCardListQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listGiftCards(db, options.orderNumbersOf, request.query);
    },
  );
  app.get(
    `${api}/gift-cards/:id`,
    { ...read, schema: { params: giftCardParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return giftCardLedger(db, options.orderNumbersOf, request.params.id);
    },
  );
}
