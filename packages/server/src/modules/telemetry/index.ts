export {
  telemetryRoutes,
  rolloutFromSettings,
  cookiePolicyFromSettings,
  type CookiePolicy,
  DEFAULT_ROLLOUT,
  type TelemetryOptions,
} from './routes.ts';
export { telemetrySummary, type TelemetrySummary } from './summary.ts';
export { OWNER_PAGE_CSS } from './owner.ts';
export { visitorsSince } from './store.ts';
export type { TelemetryTables } from './tables.ts';
export { telemetryMigrations } from './migrations.ts';
