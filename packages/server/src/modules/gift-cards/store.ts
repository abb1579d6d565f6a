import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { GiftCardRow, GiftCardTables } from './tables.ts';
import type { TablesHandle } from '../../platform/db/index.ts';

type GiftCardsDb = TablesHandle<GiftCardTables>;

/**
 * Gift card balances (issue 17), shared by checkout (issue, redeem) and the back office (a cancel
 * or refund restores; cancelling the order that bought a card voids it). Every change runs inside the caller's transaction as one conditional UPDATE
 * (`balance_cents >= amount`), so concurrent orders can never take a card below zero, and writes a
 * `gift_card_ledger` row in the same transaction.
 *
 * Codes: 16 characters from a 32-letter alphabet without look-alikes (80 random bits from the
 * operating system's CSPRNG), shown in groups of four. They are stored as they are, not hashed: the
 * buyer's confirmation page and the recipient's mail (kept in the outbox) show them again, so a hash
 * would protect nothing the database does not already hold in clear.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;

/** A new random code (normalised: no separators). 256 is a multiple of 32: no modulo bias. */
export function newGiftCardCode(): string {
  return [...randomBytes(GIFT_CARD_CODE_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** What the shopper typed, as stored: upper case, spaces and dashes dropped. */
export function normaliseGiftCardCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** `ABCDEFGHJKLMNPQR` -> `ABCD-EFGH-JKLM-NPQR`. */
export function groupGiftCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** The last four characters, enough for the shopper to recognise a card on an order. */
export const giftCardHint = (code: string) => `…${code.slice(-4)}`;

export interface NewGiftCard {
  code: string;
  orderId: string;
  currency: string;
  cents: number;
  recipient: string;
  message: string | null;
  sendAt: number;
}

/** Stores one card (in the order's transaction, after the order row) and records its first ledger row. */
export async function issueGiftCard(trx: GiftCardsDb, card: NewGiftCard, now = Date.now()): Promise<void> {
  const { code } = card;
  await trx
    .insertInto('gift_cards')
    .values({
      code,
      order_id: card.orderId,
      currency: card.currency,
      initial_cents: card.cents,
      balance_cents: card.cents,
      recipient: card.recipient,
      message: card.message,
      send_at: card.sendAt,
      mail_id: null,
      created: now,
    })
    .execute();
  await ledger(trx, code, card.orderId, card.cents, 'issued', now);
}

export type Redeemed =
  | { ok: true; code: string; amountCents: number; balanceCents: number }
  | { ok: false; reason: 'unknown' | 'empty' | 'voided' };

/** Whether the card was voided (its order cancelled): a `voided` ledger row. */
async function isVoided(db: GiftCardsDb, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('gift_card_ledger')
    .select('id')
    .where('code', '=', code)
    .where('reason', '=', 'voided')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `wantedCents` from the card for `orderId`: what is left on it when less. A concurrent
 * redemption that got there first makes the conditional update miss; the balance is then read again.
 * The balance answered is the one the update returned, so concurrent orders each record a true one.
 */
export async function redeemGiftCard(
  trx: GiftCardsDb,
  input: { code: string; currency: string; wantedCents: number; orderId: string },
  now = Date.now(),
): Promise<Redeemed> {
  const code = normaliseGiftCardCode(input.code);
  for (;;) {
    const card = await trx
      .selectFrom('gift_cards')
      .select(['balance_cents', 'currency'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!card || card.currency !== input.currency) return { ok: false, reason: 'unknown' };
    const amount = Math.min(card.balance_cents, input.wantedCents);
    if (amount <= 0) return { ok: false, reason: (await isVoided(trx, code)) ? 'voided' : 'empty' };
    const taken = await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', amount) }))
      .where('code', '=', code)
      .where('balance_cents', '>=', amount)
      .returning('balance_cents')
      .executeTakeFirst();
    if (taken) {
      await ledger(trx, code, input.orderId, -amount, 'redeemed', now);
      return { ok: true, code, amountCents: amount, balanceCents: taken.balance_cents };
    }
  }
}

/**
 * Gives back what `orderId` took from gift cards and has not been given back yet, at most
 * `limitCents` (a partial refund); returns the amount restored.
 */
export async function restoreGiftCards(
  trx: GiftCardsDb,
  orderId: string,
  limitCents = Number.POSITIVE_INFINITY,
  now = Date.now(),
): Promise<number> {
  const rows = await trx
    .selectFrom('gift_card_ledger')
    .select(['code', (eb) => eb.fn.sum<number | string>('change_cents').as('net')])
    .where('order_id', '=', orderId)
    .where('reason', 'in', ['redeemed', 'restored'])
    .groupBy('code')
    .orderBy('code')
    .execute();
  let restored = 0;
  for (const row of rows) {
    const owed = Math.min(-Number(row.net), limitCents - restored);
    if (owed <= 0) continue;
    await trx
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', owed) }))
      .where('code', '=', row.code)
      .execute();
    await ledger(trx, row.code, orderId, owed, 'restored', now);
    restored += owed;
  }
  return restored;
}

/** The cards an order bought (their codes grouped), with what each was worth. */
export async function giftCardsOfOrder(
  db: GiftCardsDb,
  orderId: string,
): Promise<{ code: string; balanceCents: number }[]> {
  const rows = await db
    .selectFrom('gift_cards')
    .select(['code', 'initial_cents'])
    .where('order_id', '=', orderId)
    .orderBy('created')
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: groupGiftCardCode(r.code), balanceCents: r.initial_cents }));
}

/** A card's balance and currency, and whether it was voided; undefined for an unknown code. */
export async function giftCardBalance(
  db: GiftCardsDb,
  input: string,
): Promise<{ code: string; balanceCents: number; currency: string; voided: boolean } | undefined> {
  const code = normaliseGiftCardCode(input);
  const card = await db
    .selectFrom('gift_cards')
    .select(['balance_cents', 'currency'])
    .where('code', '=', code)
    .executeTakeFirst();
  return (
    card && {
      code,
      balanceCents: card.balance_cents,
      currency: card.currency,
      voided: card.balance_cents === 0 && (await isVoided(db, code)),
    }
  );
}

export type Voided =
  | { ok: true; voidedCents: number }
  /** The hint of a card already (partly) spent: the caller refuses, rolling its transaction back. */
  | { ok: false; spent: string };

/**
 * Voids the cards `orderId` bought (its cancellation, in its transaction): their balance goes to
 * zero with a `voided` ledger row, so they can no longer pay. `whenSpent: 'refuse'` voids nothing
 * when a card was already spent, even in part (staff decide what to refund); `'void-rest'` voids
 * what is left (an unpaid order whose payment expired). The update is conditional on the balance
 * read, so a redemption racing the cancel makes it refuse (or read again) rather than lose a change.
 */
export async function voidGiftCardsOfOrder(
  trx: GiftCardsDb,
  orderId: string,
  whenSpent: 'refuse' | 'void-rest',
  now = Date.now(),
): Promise<Voided> {
  const cards = await trx
    .selectFrom('gift_cards')
    .select(['code', 'initial_cents'])
    .where('order_id', '=', orderId)
    .orderBy('code')
    .execute();
  let voidedCents = 0;
  for (const card of cards) {
    for (;;) {
      const { balance_cents: balance } = await trx
        .selectFrom('gift_cards')
        .select('balance_cents')
        .where('code', '=', card.code)
        .executeTakeFirstOrThrow();
      if (balance < card.initial_cents && whenSpent === 'refuse')
        return { ok: false, spent: giftCardHint(card.code) };
      const taken = await trx
        .updateTable('gift_cards')
        .set({ balance_cents: 0 })
        .where('code', '=', card.code)
        .where('balance_cents', '=', balance)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      await ledger(trx, card.code, orderId, -balance, 'voided', now);
      voidedCents += balance;
      break;
    }
  }
  return { ok: true, voidedCents };
}

/**
 * Takes `cents` off a card because the order that bought it was refunded (issue 27), with a
 * `voided` ledger row. Conditional on the balance read, so a redemption racing the refund makes it
 * read again; false when the card no longer holds `cents`.
 */
export async function voidGiftCardCents(
  trx: GiftCardsDb,
  code: string,
  orderId: string,
  cents: number,
  now = Date.now(),
): Promise<boolean> {
  for (;;) {
    const card = await trx
      .selectFrom('gift_cards')
      .select('balance_cents')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!card || card.balance_cents < cents) return false;
    const taken = await trx
      .updateTable('gift_cards')
      .set({ balance_cents: card.balance_cents - cents })
      .where('code', '=', code)
      .where('balance_cents', '=', card.balance_cents)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    await ledger(trx, code, orderId, -cents, 'voided', now);
    return true;
  }
}

async function ledger(
  trx: GiftCardsDb,
  code: string,
  orderId: string,
  change: number,
  reason: string,
  now: number,
) {
  await trx
    .insertInto('gift_card_ledger')
    .values({ id: randomUUID(), code, order_id: orderId, change_cents: change, reason, created: now })
    .execute();
}

/** What `orderId` bought: each card's code, worth and balance, by code. */
export function giftCardsOfOrderWithBalances(
  db: GiftCardsDb,
  orderId: string,
): Promise<Pick<GiftCardRow, 'code' | 'initial_cents' | 'balance_cents'>[]> {
  return db
    .selectFrom('gift_cards')
    .select(['code', 'initial_cents', 'balance_cents'])
    .where('order_id', '=', orderId)
    .orderBy('code')
    .execute();
}

/** The cards `orderId` bought that still hold something, by code. */
export function giftCardsOfOrderHolding(
  db: GiftCardsDb,
  orderId: string,
): Promise<Pick<GiftCardRow, 'code' | 'balance_cents'>[]> {
  return db
    .selectFrom('gift_cards')
    .select(['code', 'balance_cents'])
    .where('order_id', '=', orderId)
    .where('balance_cents', '>', 0)
    .orderBy('code')
    .execute();
}

/** Whether `orderId` has issued its cards already. */
export async function orderHasGiftCards(db: GiftCardsDb, orderId: string): Promise<boolean> {
  const issued = await db
    .selectFrom('gift_cards')
    .select('code')
    .where('order_id', '=', orderId)
    .limit(1)
    .executeTakeFirst();
  return issued !== undefined;
}

/** A card's code and balance as they are now; throws for an unknown code. */
export function giftCardNow(
  db: GiftCardsDb,
  code: string,
): Promise<Pick<GiftCardRow, 'code' | 'balance_cents'>> {
  return db
    .selectFrom('gift_cards')
    .select(['code', 'balance_cents'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

/**
 * What gift cards paid of `orderId` less what went back onto them (zero or negative: the ledger's
 * redeemed and restored changes summed).
 */
export async function giftCardPaymentNetCents(db: GiftCardsDb, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('gift_card_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('change_cents'), eb.lit(0)).as('net'))
    .where('order_id', '=', orderId)
    .where('reason', 'in', ['redeemed', 'restored'])
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

/** What was voided on the given cards for `orderId` (a positive amount). */
export async function giftCardCentsVoided(
  db: GiftCardsDb,
  orderId: string,
  codes: readonly string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const voided = await db
    .selectFrom('gift_card_ledger')
    .select((eb) => eb.fn.sum<number | string>('change_cents').as('net'))
    .where('order_id', '=', orderId)
    .where('reason', '=', 'voided')
    .where('code', 'in', codes)
    .executeTakeFirst();
  return -Number(voided?.net ?? 0);
}

/**
 * The cards whose recipient mail is due and not yet queued (at most 100, the earliest first), of
 * `orderId` alone when given. A card voided before its day (its order refunded or cancelled) is
 * never announced.
 */
export function giftCardsDueForMail(db: GiftCardsDb, now: number, orderId?: string): Promise<GiftCardRow[]> {
  let due = db
    .selectFrom('gift_cards')
    .selectAll()
    .where('mail_id', 'is', null)
    .where('send_at', '<=', now)
    .where('balance_cents', '>', 0)
    .orderBy('send_at')
    .limit(100);
  if (orderId) due = due.where('order_id', '=', orderId);
  return due.execute();
}

/** Records the card's mail unless another instance did first (`mail_id is null`); true when this one did. */
export async function claimGiftCardMail(db: GiftCardsDb, code: string, mailId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('gift_cards')
    .set({ mail_id: mailId })
    .where('code', '=', code)
    .where('mail_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** How the back office looks for cards: part of the recipient's address, and a code's end or whole. */
export interface GiftCardSearch {
  /** A LIKE pattern (lower case, escaped with `\\`) for the recipient's address. */
  recipientPattern: string;
  code?: { end: string } | { whole: string } | undefined;
}

function cardsWithIssue(db: GiftCardsDb) {
  return db
    .selectFrom('gift_cards')
    .innerJoin('gift_card_ledger as issue', (join) =>
      join.onRef('issue.code', '=', 'gift_cards.code').on('issue.reason', '=', 'issued'),
    )
    .select((eb) => [
      'issue.id as id',
      'gift_cards.code',
      'gift_cards.order_id',
      'gift_cards.initial_cents',
      'gift_cards.balance_cents',
      'gift_cards.currency',
      'gift_cards.recipient',
      'gift_cards.created',
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

/** A card as the back office lists it: named by the id of its `issued` ledger row. */
export type IssuedGiftCardRow = Awaited<ReturnType<ReturnType<typeof cardsWithIssue>['execute']>>[number];

/** Cards newest first, after the (created, id) position given, `limit` of them. */
export function issuedGiftCards(
  db: GiftCardsDb,
  options: {
    search?: GiftCardSearch | undefined;
    before?: readonly [number, string] | undefined;
    limit: number;
  },
): Promise<IssuedGiftCardRow[]> {
  let q = cardsWithIssue(db);
  const { search, before } = options;
  if (search) {
    const { code } = search;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(gift_cards.recipient)`, 'like', sql`${search.recipientPattern} escape '\\'`),
        ...(code === undefined
          ? []
          : 'whole' in code
            ? [eb('gift_cards.code', '=', code.whole)]
            : [eb('gift_cards.code', 'like', `%${code.end}`)]),
      ]),
    );
  }
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('gift_cards.created', 'issue.id'), '<', eb.tuple(before[0], before[1])),
    );
  return q.orderBy('gift_cards.created', 'desc').orderBy('issue.id', 'desc').limit(options.limit).execute();
}

/** The card whose `issued` ledger row has this id. */
export function issuedGiftCard(db: GiftCardsDb, issueId: string): Promise<IssuedGiftCardRow | undefined> {
  return cardsWithIssue(db).where('issue.id', '=', issueId).executeTakeFirst();
}

/** Every ledger row of a card, in no particular order. */
export function giftCardLedgerRows(
  db: GiftCardsDb,
  code: string,
): Promise<
  { id: string; created: number | string; reason: string; change_cents: number; order_id: string }[]
> {
  return db
    .selectFrom('gift_card_ledger')
    .select(['id', 'created', 'reason', 'change_cents', 'order_id'])
    .where('code', '=', code)
    .execute();
}
