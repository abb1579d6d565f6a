export { RESTOCK_PATH, restockRoutes } from './routes.ts';
export { waitingSignUpsByVariant } from './store.ts';
export type { RestockTables } from './tables.ts';
export { restockMigrations } from './migrations.ts';
