/** The SEO module's API: structured data and head tags, feeds, and the sitemap and robots routes. */
export { jsonLdScripts, pageSeo, type PageSeo, type SeoPage, type SeoSite } from './json-ld.ts';
export { FEED_TYPES, imageEnclosures, RSS_CONTENT_TYPE, rssFeed, type Enclosure } from './rss.ts';
export { seoRoutes, type SeoRoutesOptions } from './routes.ts';
