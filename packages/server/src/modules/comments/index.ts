export { commentModerationRoutes } from './admin-routes.ts';
export { commentRoutes } from './routes.ts';
export { countsPerItem, threadPage } from './store.ts';
export { THREAD_PAGE_SIZE, threadView, withSocial } from './views.ts';
export { commentsMigrations } from './migrations.ts';
