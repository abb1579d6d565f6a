/** The site content module's API: the header and footer, the languages, and what pages read of them. */
export { SitePageContent, type PageLanguage } from './page-content.ts';
export { siteContentRoutes, type SiteContentOptions } from './routes.ts';
export type { SiteContentTables } from './tables.ts';
export { contentMigrations } from './migrations.ts';
