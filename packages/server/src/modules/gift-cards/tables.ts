import type { ColumnType } from 'kysely';

/** Times in epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`). */
type Millis = ColumnType<number | string, number, number>;

/** A gift card (issue 17): its code as typed (normalised), what it was bought for and what is left. */
export interface GiftCardsTable {
  code: string;
  /** The order that bought it. */
  order_id: string;
  currency: string;
  initial_cents: number;
  /** Never below zero: changed only by a conditional update in the spending transaction. */
  balance_cents: number;
  recipient: string;
  message: string | null;
  /** When the recipient's mail is due (epoch ms); `mail_id` once it has been queued. */
  send_at: Millis;
  mail_id: string | null;
  created: Millis;
}

/** Every change of a card's balance: issued (+), redeemed (-), restored (+) by a cancel or refund. */
export interface GiftCardLedgerTable {
  id: string;
  code: string;
  order_id: string;
  change_cents: number;
  reason: string;
  created: Millis;
}

export interface GiftCardTables {
  gift_cards: GiftCardsTable;
  gift_card_ledger: GiftCardLedgerTable;
}
