export { subscriptionActionUrl, subscriptionsSection } from './account-views.ts';
export { subscriptionBackofficeRoutes } from './admin-routes.ts';
export type { RenewalOrders, TickResult } from './renewals.ts';
export { subscriptionRoutes } from './routes.ts';
export {
  accountSubscriptions,
  cancelAccountSubscriptions,
  claimRenewal,
  saveRenewalCard,
  startSubscription,
  subscriptionManagePath,
  subscriptionOfOrder,
  subscriptionView,
  type SubscriptionRow,
  type SubscriptionView,
} from './store.ts';
export { subscriptionsMigrations } from './migrations.ts';
