export { orderEventDetail, orderNumbersByIds, orderToReview, paymentFailedOrderIds } from './store.ts';
