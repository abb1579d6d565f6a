export { giftCardBackofficeRoutes } from './admin-routes.ts';
export {
  amountDueCents,
  giftCardPaymentOf,
  issueGiftCards,
  payByGiftCard,
  planGiftCards,
  type GiftCardMailContext,
  type GiftCardPayment,
  type PlannedGiftCard,
} from './gift-cards.ts';
export { giftCardRoutes, type GiftCardRouteOptions } from './routes.ts';
export {
  giftCardCentsVoided,
  giftCardHint,
  giftCardNow,
  giftCardPaymentNetCents,
  giftCardsOfOrder,
  giftCardsOfOrderHolding,
  giftCardsOfOrderWithBalances,
  orderHasGiftCards,
  restoreGiftCards,
  voidGiftCardCents,
  voidGiftCardsOfOrder,
} from './store.ts';
export { giftCardsMigrations } from './migrations.ts';
