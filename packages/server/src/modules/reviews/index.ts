export { REVIEWS_CSS } from './pages.ts';
export type { OrderToReview } from './requests.ts';
export { reviewRoutes, type ReviewRouteOptions } from './routes.ts';
export { queueReviewRequest } from './request-mail.ts';
export { ratingSummary, reviewsEnabled, type RatingSummary, type ReviewMailSite } from './store.ts';
export { reviewsMigrations } from './migrations.ts';
