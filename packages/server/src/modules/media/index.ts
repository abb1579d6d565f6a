/** The media module's API: the library (originals in the database), its back-office calls and the image routes. */
export { mediaRoutes, type MediaOptions } from './routes.ts';
export { mediaAdminRoutes, type MediaAdminOptions } from './admin-routes.ts';
export { exportMediaInto, importMediaFolder, MediaLibrary, type MediaUsesOf } from './library.ts';
export type { MediaTables } from './tables.ts';
export { mediaMigrations } from './migrations.ts';
