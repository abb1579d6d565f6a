export { giftCardBalanceHtml } from './pages.ts';
export { orderEventDetail, orderNumbersByIds, orderToReview, paymentFailedOrderIds } from './store.ts';
