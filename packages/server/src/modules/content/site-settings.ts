/**
 * The site settings staff edit at `/config/settings` (issue 31): what of `website.json` the screen
 * shows (settingsOf), the edge's schema with its limits and messages (siteSettingsInput), and a
 * save's new document (withSettings). Only the fields a save changed are written: every other key
 * of the document stays as it was, so that an export after an edit still holds all of it.
 */
import { CURRENCIES, decimalToMinor, message, minorToDecimal, moneyToCents } from '@storefront/core';
import type { ShareService, SiteSettingsInput } from '@storefront/core/wire';
import { z } from 'zod';
import type { Json } from '../../platform/site/types.ts';
import { storeCurrencyOf } from '../../platform/site/loader.ts';
import { KNOWN_LANGUAGES } from './languages.ts';

/** Spec §6 and §9: the site's time zone when its settings name none. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const SETTINGS_DOCUMENT = 'website.json';

export const SHARE_SERVICES: readonly ShareService[] = [
  'facebook',
  'twitter',
  'linkedin',
  'pinterest',
  'reddit',
  'tumblr',
  'email',
];
/** The reference's numbers for the share services (docs/comments.md). */
const SHARE_NUMBERS: Readonly<Record<string, ShareService>> = {
  '1': 'facebook',
  '2': 'twitter',
  '3': 'linkedin',
  '5': 'reddit',
  '6': 'pinterest',
  '7': 'tumblr',
  '8': 'email',
};

export const LIMITS = {
  siteTitle: 100,
  siteDescription: 1000,
  titleFormat: 100,
  captchaSiteKey: 200,
  socialAccounts: 20,
  socialText: 200,
  popupTitle: 200,
  popupBody: 5000,
  popupDays: 365,
  popupPaths: 50,
  /** The largest amount a setting holds (a checkout minimum, an instalment bound). */
  amount: '1000000',
} as const;

/** Every IANA time zone this runtime knows, and UTC. */
export const TIME_ZONES: readonly string[] = [
  ...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]),
].sort();
const KNOWN_ZONES = new Set(TIME_ZONES);

/** A zone name `Intl` accepts (it knows aliases its list leaves out, like `US/Eastern`). */
function isTimeZone(zone: string): boolean {
  if (KNOWN_ZONES.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const CURRENCY_CODES = Object.keys(CURRENCIES);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown): Json => (isObject(value) ? value : {});
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** A decimal amount in the store currency, or empty: none. */
const optionalAmount = (field: string) =>
  z
    .string()
    .trim()
    .max(20)
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .refine(
      (value) =>
        value === null || (/^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= Number(LIMITS.amount)),
      { error: () => message('settings.amount-invalid', { field, max: LIMITS.amount }) },
    );

const requiredAmount = (field: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((value) => /^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= Number(LIMITS.amount), {
      error: () => message('settings.amount-invalid', { field, max: LIMITS.amount }),
    });

const titleFormat = z
  .string()
  .trim()
  .min(1, { error: () => message('settings.title-format-invalid', { max: LIMITS.titleFormat }) })
  .max(LIMITS.titleFormat, {
    error: () => message('settings.title-format-invalid', { max: LIMITS.titleFormat }),
  })
  .refine((value) => /%[sci]/.test(value), {
    error: () => message('settings.title-format-invalid', { max: LIMITS.titleFormat }),
  });

const limitedText = (field: string, max: number) =>
  z.string().max(max, { error: () => message('settings.text-too-long', { field, max }) });

const mediaAddress = z
  .string()
  .trim()
  .max(300)
  .nullable()
  .transform((value) => (value === '' ? null : value));

const LANGUAGE_TAGS = KNOWN_LANGUAGES.map((l) => l.tag) as [string, ...string[]];

export const siteSettingsInput = z
  .object({
    siteTitle: z
      .string()
      .trim()
      .min(1, { error: () => message('settings.title-required') })
      .max(LIMITS.siteTitle, { error: () => message('settings.title-too-long', { max: LIMITS.siteTitle }) }),
    logoImageUrl: mediaAddress,
    faviconUrl: mediaAddress,
    language: z.enum(LANGUAGE_TAGS, { error: `must be one of ${LANGUAGE_TAGS.join(', ')}` }),
    timeZone: z
      .string()
      .trim()
      .max(100)
      .refine(isTimeZone, {
        error: (issue) => message('settings.time-zone-unknown', { zone: String(issue.input) }),
      }),
    currency: z.string().refine((code) => CURRENCY_CODES.includes(code), {
      error: () => message('settings.currency-unknown', { currencies: CURRENCY_CODES.join(', ') }),
    }),
    multipleQuantityAllowedForServices: z.boolean(),
    checkoutMinimum: optionalAmount('checkout minimum'),
    instalments: z
      .object({
        min: requiredAmount('instalment minimum'),
        max: requiredAmount('instalment maximum'),
        shopperLanguage: z
          .string()
          .trim()
          .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language like en or en-US'),
        stripeAccountCountry: z
          .string()
          .trim()
          .regex(/^[A-Z]{2}$/, 'must be a country code like US'),
      })
      .strict()
      .nullable()
      .refine((value) => value === null || Number(value.min) < Number(value.max), {
        error: () => message('settings.instalment-range'),
        path: ['max'],
      }),
    captchaSiteKey: z.string().trim().max(LIMITS.captchaSiteKey),
    commentsEnabled: z.boolean(),
    simpleLikingEnabled: z.boolean(),
    shareButtons: z
      .array(z.enum(SHARE_SERVICES as [ShareService, ...ShareService[]]))
      .max(SHARE_SERVICES.length)
      .transform((services) => SHARE_SERVICES.filter((s) => services.includes(s))),
    socialAccounts: z
      .array(
        z
          .object({
            serviceName: z.string().trim().min(1).max(LIMITS.socialText),
            profileUrl: z
              .string()
              .trim()
              .max(LIMITS.socialText)
              .refine((url) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(url), {
                error: () => message('settings.social-url-invalid'),
              }),
            userName: z.string().trim().max(LIMITS.socialText),
          })
          .strict(),
      )
      .max(LIMITS.socialAccounts, {
        error: () => message('settings.too-many-social-accounts', { max: LIMITS.socialAccounts }),
      }),
    homepageTitleFormat: titleFormat,
    collectionTitleFormat: titleFormat,
    itemTitleFormat: titleFormat,
    siteDescription: z.string().max(LIMITS.siteDescription, {
      error: () => message('settings.description-too-long', { max: LIMITS.siteDescription }),
    }),
    cookiePolicy: z.enum(['permissive', 'restrictive']),
    popup: z
      .object({
        title: limitedText('popup title', LIMITS.popupTitle),
        body: limitedText('popup text', LIMITS.popupBody),
        closedDays: z
          .number()
          .int()
          .min(0, { error: () => message('settings.popup-days', { max: LIMITS.popupDays }) })
          .max(LIMITS.popupDays, { error: () => message('settings.popup-days', { max: LIMITS.popupDays }) }),
        paths: z
          .array(
            z
              .string()
              .trim()
              .max(200)
              .regex(/^\/[^\s?#]*$/, { error: () => message('settings.popup-path-invalid') }),
          )
          .max(LIMITS.popupPaths),
      })
      .strict()
      .nullable(),
  })
  .strict();

export const siteSettingsSave = z
  .object({
    version: z.number().int().min(1),
    settings: siteSettingsInput,
    confirmCurrencyChange: z.boolean().optional(),
  })
  .strict();

export type SiteSettingsSaveBody = z.infer<typeof siteSettingsSave>;

/** website.json's parts. */
export interface WebsiteDocument extends Json {
  website: Json;
  websiteSettings?: Json;
}

function shareButtonsOf(options: unknown): ShareService[] {
  const named = (key: string): ShareService | undefined =>
    SHARE_NUMBERS[key] ??
    ((SHARE_SERVICES as readonly string[]).find((s) => s === key) as ShareService | undefined);
  const keys = Array.isArray(options)
    ? options.map(String)
    : Object.entries(objectAt(options))
        .filter(([, on]) => on === true)
        .map(([key]) => key);
  const services = new Set(keys.map(named).filter((s): s is ShareService => s !== undefined));
  return SHARE_SERVICES.filter((s) => services.has(s));
}

const amountOf = (cents: unknown, currency: string): string =>
  typeof cents === 'number' && Number.isFinite(cents) ? minorToDecimal(cents, currency) : '0';

/** What the settings screen shows of a website.json. */
export function settingsOf(document: WebsiteDocument): SiteSettingsInput {
  const website = objectAt(document.website);
  const settings = objectAt(document.websiteSettings);
  const store = objectAt(settings.storeSettings);
  const currency = storeCurrencyOf(settings);
  const minimum = store.minimumOrderSubtotal;
  const minimumCents = minimum === undefined || minimum === null ? 0 : moneyToCents(minimum).cents;
  const instalments = objectAt(store.instalments);
  const popup = isObject(settings.popupOverlay) ? settings.popupOverlay : undefined;
  return {
    siteTitle: text(website.siteTitle),
    logoImageUrl: text(website.logoImageUrl) || null,
    faviconUrl: text(website.faviconUrl) || null,
    language: text(website.language, 'en-US'),
    timeZone: text(website.timeZone) || DEFAULT_TIME_ZONE,
    currency,
    multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices !== false,
    checkoutMinimum: minimumCents > 0 ? minorToDecimal(minimumCents, currency) : null,
    instalments:
      instalments.afterPayAvailable === true
        ? {
            min: amountOf(instalments.afterPayMin, currency),
            max: amountOf(instalments.afterPayMax, currency),
            shopperLanguage: text(instalments.shopperLanguage, 'en'),
            stripeAccountCountry: text(instalments.stripeAccountCountry, 'US'),
          }
        : null,
    captchaSiteKey: text(objectAt(website.captchaSettings).siteKey),
    commentsEnabled: settings.commentsEnabled === true,
    simpleLikingEnabled: settings.simpleLikingEnabled === true,
    shareButtons: shareButtonsOf(website.shareButtonOptions),
    socialAccounts: (Array.isArray(website.socialAccounts) ? website.socialAccounts : [])
      .filter(isObject)
      .map((account) => ({
        serviceName: text(account.serviceName),
        profileUrl: text(account.profileUrl),
        userName: text(account.userName) || text(account.screenname),
      })),
    homepageTitleFormat: text(settings.homepageTitleFormat) || '%s',
    collectionTitleFormat: text(settings.collectionTitleFormat) || '%c — %s',
    itemTitleFormat: text(settings.itemTitleFormat) || '%i — %s',
    siteDescription: text(website.siteDescription),
    cookiePolicy: settings.cookiePolicy === 'restrictive' ? 'restrictive' : 'permissive',
    popup: popup
      ? {
          title: text(popup.title),
          body: text(popup.body),
          closedDays: typeof popup.closedDays === 'number' ? popup.closedDays : 0,
          paths: Array.isArray(popup.paths) ? popup.paths.map(String) : [],
        }
      : null,
  };
}

/** The words a revision lists a changed field by. */
const FIELD_NAMES: Readonly<Record<keyof SiteSettingsInput, string>> = {
  siteTitle: 'Site title',
  logoImageUrl: 'Logo',
  faviconUrl: 'Favicon',
  language: 'Language',
  timeZone: 'Time zone',
  currency: 'Store currency',
  multipleQuantityAllowedForServices: 'Quantities of services',
  checkoutMinimum: 'Checkout minimum',
  instalments: 'Instalment messaging',
  captchaSiteKey: 'Captcha site key',
  commentsEnabled: 'Comments',
  simpleLikingEnabled: 'Likes',
  shareButtons: 'Share buttons',
  socialAccounts: 'Social accounts',
  homepageTitleFormat: 'Home page title format',
  collectionTitleFormat: 'Page title format',
  itemTitleFormat: 'Item title format',
  siteDescription: 'Site description',
  cookiePolicy: 'Cookie consent',
  popup: 'Popup',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields `next` changes against `before`, by the words staff read. */
export function changedFields(before: SiteSettingsInput, next: SiteSettingsInput): string[] {
  return (Object.keys(FIELD_NAMES) as (keyof SiteSettingsInput)[])
    .filter((key) => !same(before[key], next[key]))
    .map((key) => FIELD_NAMES[key]);
}

const centsOf = (amount: string, currency: string): number => {
  const minor = decimalToMinor(amount, currency);
  return minor.ok ? minor.value : 0;
};

/** `document` with the fields of `next` that differ from what it shows; every other key kept. */
export function withSettings(document: WebsiteDocument, next: SiteSettingsInput): WebsiteDocument {
  const before = settingsOf(document);
  const changed = (key: keyof SiteSettingsInput) => !same(before[key], next[key]);
  const website: Json = { ...objectAt(document.website) };
  const settings: Json = { ...objectAt(document.websiteSettings) };
  let store: Json = { ...objectAt(settings.storeSettings) };
  const setOrDrop = (target: Json, key: string, value: unknown) => {
    if (value === null || value === undefined) delete target[key];
    else target[key] = value as Json[string];
  };

  if (changed('siteTitle')) website.siteTitle = next.siteTitle;
  if (changed('logoImageUrl')) setOrDrop(website, 'logoImageUrl', next.logoImageUrl);
  if (changed('faviconUrl')) setOrDrop(website, 'faviconUrl', next.faviconUrl);
  if (changed('language')) website.language = next.language;
  if (changed('timeZone')) website.timeZone = next.timeZone;
  if (changed('siteDescription')) website.siteDescription = next.siteDescription;
  if (changed('captchaSiteKey'))
    website.captchaSettings = { ...objectAt(website.captchaSettings), siteKey: next.captchaSiteKey };
  if (changed('shareButtons'))
    website.shareButtonOptions = Object.fromEntries(next.shareButtons.map((s) => [s, true]));
  if (changed('socialAccounts'))
    website.socialAccounts = next.socialAccounts.map((a) => ({
      serviceName: a.serviceName,
      profileUrl: a.profileUrl,
      userName: a.userName,
      screenname: a.userName,
    }));
  if (changed('commentsEnabled')) settings.commentsEnabled = next.commentsEnabled;
  if (changed('simpleLikingEnabled')) settings.simpleLikingEnabled = next.simpleLikingEnabled;
  if (changed('homepageTitleFormat')) settings.homepageTitleFormat = next.homepageTitleFormat;
  if (changed('collectionTitleFormat')) settings.collectionTitleFormat = next.collectionTitleFormat;
  if (changed('itemTitleFormat')) settings.itemTitleFormat = next.itemTitleFormat;
  if (changed('cookiePolicy')) settings.cookiePolicy = next.cookiePolicy;
  if (changed('popup')) {
    const popup = next.popup;
    if (popup === null) delete settings.popupOverlay;
    else {
      const old = objectAt(settings.popupOverlay);
      // A new version shows the edited popup again to visitors who closed the old one.
      const version = String((Number.parseInt(text(old.version, '0'), 10) || 0) + 1);
      settings.popupOverlay = { ...old, ...popup, version };
    }
  }
  if (changed('currency'))
    store = {
      ...store,
      selectedCurrency: next.currency,
      defaultCurrency: next.currency,
      ...(Array.isArray(store.currenciesSupported) ? { currenciesSupported: [next.currency] } : {}),
    };
  const currency = next.currency;
  if (changed('multipleQuantityAllowedForServices'))
    store.multipleQuantityAllowedForServices = next.multipleQuantityAllowedForServices;
  if (changed('checkoutMinimum') || (changed('currency') && next.checkoutMinimum !== null))
    setOrDrop(
      store,
      'minimumOrderSubtotal',
      next.checkoutMinimum === null ? null : { value: next.checkoutMinimum, currency },
    );
  if (changed('instalments') || (changed('currency') && next.instalments !== null)) {
    const instalments = next.instalments;
    setOrDrop(
      store,
      'instalments',
      instalments === null
        ? null
        : {
            ...objectAt(store.instalments),
            afterPayAvailable: true,
            afterPayMin: centsOf(instalments.min, currency),
            afterPayMax: centsOf(instalments.max, currency),
            shopperLanguage: instalments.shopperLanguage,
            stripeAccountCountry: instalments.stripeAccountCountry,
          },
    );
  }
  if (!same(store, objectAt(settings.storeSettings))) settings.storeSettings = store;
  const result: WebsiteDocument = { ...document, website };
  if (document.websiteSettings !== undefined || Object.keys(settings).length > 0)
    result.websiteSettings = settings;
  return result;
}
