/**
 * Pages (collections of every type) in the back office (issue 31 Build 2): `/api/config/pages…`.
 * Reads need `backoffice.read`; writes `content.edit` (store pages: `catalogue.edit` too).
 */

/** The collection types a page can be created as, when the template offers them. */
export const PAGE_TYPES = ['page', 'blog', 'events', 'gallery', 'products', 'index', 'folder'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Gallery designs (spec §3 "Gallery options"). */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ALIGNMENTS = ['center', 'left', 'right'] as const;
export const GALLERY_ASPECT_RATIOS = [
  '1:1',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '16:9',
  '9:16',
  '2:1',
  '1:2',
] as const;

/** The numeric gallery options with their ranges and defaults (spec §9 "Gallery limits"). */
export const GALLERY_RANGES = {
  'autoplay-duration': { min: 1, max: 10, default: 5 },
  'thumbnail-strip-height': { min: 0, max: 200, default: 80 },
  'thumbnail-strip-margin': { min: 0, max: 60, default: 20 },
  'thumbnails-per-row': { min: 1, max: 10, default: 4 },
  padding: { min: 0, max: 50, default: 20 },
  'max-width': { min: 100, max: 300, default: 300 },
} as const;
export type GalleryRangeOption = keyof typeof GALLERY_RANGES;

/** Every gallery option of spec §3, as a gallery block or a gallery page carries them. */
export interface GalleryOptionsWire {
  design: (typeof GALLERY_DESIGNS)[number];
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': (typeof GALLERY_ASPECT_RATIOS)[number];
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta': boolean;
  'show-meta-basic': boolean;
  'show-meta-only-title': boolean;
  'meta-position': (typeof GALLERY_META_POSITIONS)[number];
  'show-meta-on-hover': boolean;
  'active-alignment': (typeof GALLERY_ALIGNMENTS)[number];
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
}

/** An event's place (spec §3 "Event"). */
export interface EventLocationWire {
  addressTitle?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** An event of an events page, as the editor edits it. Times are epoch milliseconds. */
export interface PageEvent {
  id: string;
  title: string;
  slug: string;
  startDate: number;
  endDate: number;
  /** IANA time zone the times were entered in (the site's when the event names none). */
  timeZone: string;
  location: EventLocationWire;
  version: number;
}

/** `PATCH /api/config/pages/:id/events/:eventId`. */
export interface PageEventInput {
  version: number;
  startDate?: number;
  endDate?: number;
  timeZone?: string;
  location?: EventLocationWire;
}

export interface PageSummary {
  id: string;
  title: string;
  slug: string;
  type: string;
  /** Where a visitor opens it: "/" for the home page. */
  url: string;
  enabled: boolean;
  homepage: boolean;
  itemCount: number;
  version: number;
}

export interface PageList {
  pages: PageSummary[];
  /** The types this template offers for a new page. */
  types: string[];
}

export interface PageDetail extends PageSummary {
  updatedOn: number;
  updatedBy: string | null;
  /** Gallery pages only. */
  galleryOptions?: GalleryOptionsWire;
  /** Events pages only, in start order (at most 200). */
  events?: PageEvent[];
}

/** `POST /api/config/pages`. */
export interface PageCreate {
  title: string;
  slug: string;
  type: string;
}

/** `PATCH /api/config/pages/:id`: the version the editor loaded, and what changes. */
export interface PageChange {
  version: number;
  title?: string;
  slug?: string;
  enabled?: boolean;
  homepage?: true;
  galleryOptions?: Partial<GalleryOptionsWire>;
}

/** `DELETE /api/config/pages/:id?redirectTo=/path&confirmProducts=true`. */
export interface PageDeleted {
  deleted: string;
  redirectTo: string | null;
}

export interface PageRevision {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  changes: string[];
}

export interface PageRevisions {
  revisions: PageRevision[];
}
