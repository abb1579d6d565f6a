/** The site content module's API: the header and footer, the languages, what pages read of them, and content import and export. */
export { SitePageContent, type PageLanguage } from './page-content.ts';
export { siteContentRoutes, type SiteContentOptions } from './routes.ts';
export type { SiteContentTables } from './tables.ts';
export { contentMigrations } from './migrations.ts';
export {
  contentAtStart,
  contentDiffersWarning,
  contentDirOf,
  filesChangedSinceImport,
  importContent,
  importIfNothingImported,
  storedContent,
  type ImportReport,
  type StoredContent,
} from './content-import.ts';
export { exportContent, exportMediaInto, folderTarget, type ExportTarget } from './content-export.ts';
export { contentAdminRoutes, type ContentAdminOptions } from './admin-routes.ts';
export { liveNavigation, NAVIGATION_DOCUMENT, parseNavigation } from './navigation.ts';
export { siteDocument } from './site-document.ts';
export { runContent, CONTENT_USAGE } from './content-command.ts';
export { siteSettingsRoutes, SETTINGS_API } from './settings-routes.ts';
export type { SettingsDeps } from './settings-editor.ts';
export { applyWebsiteParts, liveWebsite, refill, websiteParts, type WebsiteParts } from './live-document.ts';
export { liveForms, type SiteFormsDeps } from './site-forms.ts';
