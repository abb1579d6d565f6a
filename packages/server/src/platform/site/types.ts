/** Content and template shapes, as loaded from the site folder (docs/interfaces.md, "Site folder"). */
import type { NavigationDocumentEntry } from '@storefront/core/navigation';

export type Json = Record<string, unknown>;

export interface MoneyJson {
  currency: string;
  value: string;
}

export interface VariantContent extends Json {
  id: string;
  sku: string;
  attributes?: Record<string, string>;
  optionValues?: { optionName: string; value: string }[];
  priceMoney?: MoneyJson;
  salePriceMoney?: MoneyJson;
  price?: number;
  salePrice?: number;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
}

export interface ItemContent extends Json {
  id: string;
  urlId: string;
  title: string;
  recordType?: number;
  starred?: boolean;
  addedOn?: number;
  publishOn?: number;
  structuredContent?: Json & { productType?: number; variants?: VariantContent[] };
  merchandisingContext?: Json;
}

export interface CollectionContent extends Json {
  id: string;
  urlId: string;
  title: string;
  typeName: string;
  type?: number;
  homepage?: boolean;
  regionName?: string;
  mainContent?: string;
  items?: ItemContent[];
}

/** One entry of `navigation.json` (core's navigation.ts: pages, links, folders, each maybe disabled). */
export type NavigationEntry = NavigationDocumentEntry;

export interface SiteContent {
  website: Json & { id: string; siteTitle?: string; timeZone?: string; language?: string };
  websiteSettings: Json;
  localizedStrings: Record<string, string>;
  navigation: Record<string, NavigationEntry[]>;
  /** In file-name order; the position is kept in the database. */
  collections: CollectionContent[];
  forms: Record<string, Json>;
}

export interface TemplateConf extends Json {
  name: string;
  author?: string;
  layouts: Record<string, { name?: string; regions: string[] }>;
  navigations?: { title: string; name: string }[];
  stylesheets?: string[];
}

/** One template file, compiled once at start. */
export interface TemplateFile<C = unknown> {
  /** Path relative to the template folder, e.g. `collections/products.item`. */
  file: string;
  source: string;
  compiled: C;
  /** A layout joins its regions: where a line of the joined text comes from (region file and its line). */
  origin?: (line: number) => { file: string; line: number };
}

export interface SiteTemplate<C = unknown> {
  dir: string;
  conf: TemplateConf;
  /** layout key -> the concatenation of its regions, compiled. */
  layouts: Record<string, TemplateFile<C>>;
  /** typeName -> its list and item templates. */
  collections: Record<string, { list?: TemplateFile<C>; item?: TemplateFile<C>; conf?: Json }>;
  /** page name (file name without `.page`) -> template and `.page.conf`. */
  pages: Record<string, { template: TemplateFile<C>; conf: Json }>;
  /** partial name (`nav.block`) -> source, as the engine's `partials` option wants it. */
  partials: Record<string, string>;
  /** `/site.css`: the stylesheets compiled in `template.conf` order (site/stylesheets.ts). */
  css: string;
  /** `tweak-*` body classes from the tweak values (site/tweaks.ts). */
  tweakClasses: string[];
  /** `Static.SQUARESPACE_CONTEXT.tweakJSON`: the tweak values in effect (site/tweaks.ts). */
  tweakJson: Json;
  /** Revision used for cache busting (`squarespace.template-revision`). */
  revision: string;
}

/** A problem that does not stop start-up but that the operator must hear about (logged at start). */
export interface SiteWarning {
  /** The file(s) concerned, relative to the site folder. */
  file: string;
  message: string;
}

export interface Site<C = unknown> {
  dir: string;
  template: SiteTemplate<C>;
  content: SiteContent;
  warnings: SiteWarning[];
}
