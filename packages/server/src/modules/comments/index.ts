export { commentModerationRoutes } from './admin-routes.ts';
export { commentRoutes } from './routes.ts';
export { countsPerItem, threadPage, type ItemCounts, type ThreadPage } from './store.ts';
export type { CommentRow } from './tables.ts';
