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
import { sql } from 'kysely';
import { z } from 'zod';
import { GIFT_CARD_CODE_LENGTH, giftCardHint, normaliseGiftCardCode } from './store.ts';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { likePattern } from '../../platform/http/list-search.ts';
import { orderNumbersOf } from '../orders/index.ts';

const PAGE = 50;
/** How much of a code's end a search may name: no more than the list shows. */
const SHOWN_CHARACTERS = 4;

export const giftCardListQuery = z
  .object({ q: z.string().trim().max(200).optional(), cursor: z.string().max(500).optional() })
  .strict();
const giftCardParams = z.object({ id: z.string().uuid('expected a gift card id') }).strict();

export type { GiftCardState };

function cards(db: Db) {
  return db
    .selectFrom('gift_cards')
    .innerJoin('gift_card_ledger as issue', (join) =>
      join.onRef('issue.code', '=', 'gift_cards.code').on('issue.reason', '=', 'issued'),
    )
    .select((eb) => [
      'issue.id as id',
      'gift_cards.code',
      'gift_cards.initial_cents',
      'gift_cards.balance_cents',
      'gift_cards.currency',
      'gift_cards.recipient',
      'gift_cards.created',
      'gift_cards.order_id',
      eb
        .exists(
          eb
            .selectFrom('gift_card_ledger as voiding')
            .select('voiding.id')
            .whereRef('voiding.code', '=', 'gift_cards.code')
            .where('voiding.reason', '=', 'voided'),
        )
        .as('voided'),
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['execute']>>[number];

function cardView(row: CardRow, orderNumbers: ReadonlyMap<string, number>): BackOfficeGiftCard {
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

export async function listGiftCards(db: Db, query: z.infer<typeof giftCardListQuery>): Promise<GiftCardPage> {
  let q = cards(db);
  if (query.q) {
    const pattern = likePattern(query.q);
    const code = codeSearched(query.q);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(gift_cards.recipient)`, 'like', sql`${pattern} escape '\\'`),
        ...(code === undefined
          ? []
          : 'whole' in code
            ? [eb('gift_cards.code', '=', code.whole)]
            : [eb('gift_cards.code', 'like', `%${code.end}`)]),
      ]),
    );
  }
  if (query.cursor) {
    const [created, id] = decodeCursor(query.cursor, ['number', 'string']);
    q = q.where((eb) => eb(eb.refTuple('gift_cards.created', 'issue.id'), '<', eb.tuple(created, id)));
  }
  const rows = await q
    .orderBy('gift_cards.created', 'desc')
    .orderBy('issue.id', 'desc')
    .limit(PAGE + 1)
    .execute();
  const page = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  const orderNumbers = await orderNumbersOf(
    db,
    page.shown.map((r) => r.order_id),
  );
  return {
    giftCards: page.shown.map((row) => cardView(row, orderNumbers)),
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  };
}

/** Ledger reasons in the order they happen within one instant: a card is issued before it is spent. */
const REASON_ORDER = ['issued', 'redeemed', 'restored', 'voided'];

export async function giftCardLedger(db: Db, id: string): Promise<GiftCardLedgerAnswer> {
  const row = await cards(db).where('issue.id', '=', id).executeTakeFirst();
  if (!row) throw apiError('backoffice.gift-card-not-found');
  const entries = await db
    .selectFrom('gift_card_ledger')
    .select([
      'gift_card_ledger.id',
      'gift_card_ledger.created',
      'gift_card_ledger.reason',
      'gift_card_ledger.change_cents',
      'gift_card_ledger.order_id',
    ])
    .where('gift_card_ledger.code', '=', row.code)
    .execute();
  const orderNumbers = await orderNumbersOf(db, [row.order_id, ...entries.map((e) => e.order_id)]);
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

export async function giftCardBackofficeRoutes(plugin: FastifyInstance, api: string): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('orders.read') };

  app.get(
    `${api}/gift-cards`,
    { ...read, schema: { querystring: giftCardListQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listGiftCards(db, request.query);
    },
  );
  app.get(
    `${api}/gift-cards/:id`,
    { ...read, schema: { params: giftCardParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return giftCardLedger(db, request.params.id);
    },
  );
}
