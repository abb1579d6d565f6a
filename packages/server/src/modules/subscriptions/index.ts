/** The subscriptions module's API (issue 28): what the app and other modules may use of it. */
export { subscriptionActionUrl, subscriptionsSection } from './account-views.ts';
export {
  accountSubscriptions,
  cancelAccountSubscriptions,
  subscriptionView,
  type SubscriptionView,
} from './store.ts';
