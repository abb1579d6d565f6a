/**
 * The site settings screen's contract (issue 31, `/config/settings`): what staff edit of the site's
 * `website.json`, saved with a version like every edited record (a stale save answers 409
 * `record-changed`, RecordChanged in catalogue.ts), each save kept as a revision staff may restore.
 */

/** A share link service of the `social-button` helpers (docs/comments.md). */
export type ShareService = 'facebook' | 'twitter' | 'linkedin' | 'pinterest' | 'reddit' | 'tumblr' | 'email';

export interface SocialAccount {
  /** The service's name as templates read it (`instagram-unauth`, `twitter-unauth`...). */
  serviceName: string;
  profileUrl: string;
  userName: string;
}

/** What the settings screen edits (everything else of website.json is kept as it is). */
export interface SiteSettingsInput {
  siteTitle: string;
  /** A media library address (`/media/logo.png`), given to templates as `website.logoImageUrl`. */
  logoImageUrl: string | null;
  /** A media library address served at `/favicon.ico`. */
  faviconUrl: string | null;
  /** The content's language (BCP 47). */
  language: string;
  /** IANA time zone (`America/New_York`). */
  timeZone: string;
  /** The store currency: changing it converts no price. */
  currency: string;
  /** Service products may be bought more than one at a time (spec: default true). */
  multipleQuantityAllowedForServices: boolean;
  /** The checkout's minimum subtotal, a decimal in the store currency; null: none. */
  checkoutMinimum: string | null;
  /** Instalment messaging on physical products' pages (spec §3, §9); null: off. */
  instalments: {
    /** Decimal amounts in the store currency: the price must be above min and not above max. */
    min: string;
    max: string;
    shopperLanguage: string;
    stripeAccountCountry: string;
  } | null;
  /** The captcha's site key (`website.captchaSettings.siteKey`); empty: ALTCHA. */
  captchaSiteKey: string;
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  shareButtons: ShareService[];
  socialAccounts: SocialAccount[];
  /** `%s` the site title, `%c` the collection, `%i` the item. */
  homepageTitleFormat: string;
  collectionTitleFormat: string;
  itemTitleFormat: string;
  /** The site's description (SEO default; plain text or simple HTML). */
  siteDescription: string;
  /** `restrictive`: tracking only after the visitor consents. */
  cookiePolicy: 'permissive' | 'restrictive';
  /** The popup overlay (`websiteSettings.popupOverlay`); null: none. */
  popup: { title: string; body: string; closedDays: number; paths: string[] } | null;
}

/** `GET /api/config/settings`. */
export interface SiteSettingsRecord {
  /** Sent back with a save. */
  version: number;
  updatedOn: number;
  /** Who saved last (their email); null: the content import. */
  updatedBy: string | null;
  settings: SiteSettingsInput;
  /** Whether products or orders exist: a currency change then needs `confirmCurrencyChange`. */
  storeInUse: boolean;
  choices: {
    currencies: { code: string; name: string }[];
    languages: { tag: string; name: string }[];
    timeZones: string[];
    shareButtons: ShareService[];
  };
}

/** `PUT /api/config/settings`. */
export interface SiteSettingsSave {
  version: number;
  settings: SiteSettingsInput;
  /** Required (true) to change the currency of a store with products or orders. */
  confirmCurrencyChange?: boolean;
}

export interface SettingsRevision {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  changes: string[];
}

export interface SettingsRevisions {
  revisions: SettingsRevision[];
}
