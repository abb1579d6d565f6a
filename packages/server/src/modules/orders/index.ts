export { giftCardBalanceHtml } from './pages.ts';
export { orderEventDetail, orderNumbersByIds, orderToReview, failedRenewalOrderIds } from './store.ts';
