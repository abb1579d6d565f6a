/**
 * The site's languages (issue 15): a default language and the others enabled, from a known list.
 * A page in a language other than the default lives under that language's path prefix (the tag in
 * lower case: `/fr-fr/shop`), carries that language's `localizedStrings`, and every page names its
 * versions in the others with `<link rel="alternate" hreflang>` (docs/site-content.md).
 */
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { languageRows, replaceLanguages } from './store.ts';

/** The languages a site may enable (BCP 47), with their names as staff and visitors read them. */
export const KNOWN_LANGUAGES = [
  { tag: 'en-US', name: 'English (United States)' },
  { tag: 'en-GB', name: 'English (United Kingdom)' },
  { tag: 'fr-FR', name: 'Français (France)' },
  { tag: 'fr-CA', name: 'Français (Canada)' },
  { tag: 'de-DE', name: 'Deutsch' },
  { tag: 'es-ES', name: 'Español (España)' },
  { tag: 'es-MX', name: 'Español (México)' },
  { tag: 'it-IT', name: 'Italiano' },
  { tag: 'nl-NL', name: 'Nederlands' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'pt-PT', name: 'Português (Portugal)' },
  { tag: 'da-DK', name: 'Dansk' },
  { tag: 'sv-SE', name: 'Svenska' },
  { tag: 'nb-NO', name: 'Norsk bokmål' },
  { tag: 'ja-JP', name: '日本語' },
] as const;

export type LanguageTag = (typeof KNOWN_LANGUAGES)[number]['tag'];

const TAGS = KNOWN_LANGUAGES.map((l) => l.tag) as [LanguageTag, ...LanguageTag[]];
const NAMES = new Map<string, string>(KNOWN_LANGUAGES.map((l) => [l.tag, l.name]));

export const isKnownLanguage = (tag: string): tag is LanguageTag => NAMES.has(tag);
export const languageName = (tag: string): string => NAMES.get(tag) ?? tag;

/** Where a language's pages live: '' for the default, `/<tag in lower case>` for the others. */
export const pathPrefix = (tag: string, defaultLanguage: string): string =>
  tag === defaultLanguage ? '' : `/${tag.toLowerCase()}`;

export interface LanguageSettings {
  defaultLanguage: string;
  /** Enabled languages, the default first. */
  enabledLanguages: string[];
}

/**
 * The content's own language (`website.language`) when it is a known tag, else en-US: the site's
 * one language until staff enable others.
 */
export function contentLanguage(websiteLanguage: unknown): LanguageTag {
  return typeof websiteLanguage === 'string' && isKnownLanguage(websiteLanguage) ? websiteLanguage : 'en-US';
}

export async function readLanguageSettings(db: Db, fallback: LanguageTag): Promise<LanguageSettings> {
  const rows = await languageRows(db);
  const defaultRow = rows.find((r) => Number(r.is_default) === 1);
  if (!defaultRow) return { defaultLanguage: fallback, enabledLanguages: [fallback] };
  return {
    defaultLanguage: defaultRow.tag,
    enabledLanguages: [defaultRow.tag, ...rows.filter((r) => r !== defaultRow).map((r) => r.tag)],
  };
}

/**
 * `PUT /api/multilingual/languages`: `{ languages: [{ tag, isDefault? }] }`, every tag from the
 * known list, none twice, exactly one the default.
 */
export const languagesBody = z
  .object({
    languages: z
      .array(
        z
          .object({
            tag: z.enum(TAGS, { error: `must be one of ${TAGS.join(', ')}` }),
            isDefault: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1, 'must list at least the default language')
      .max(TAGS.length)
      .superRefine((languages, ctx) => {
        const seen = new Set<string>();
        languages.forEach((language, i) => {
          if (seen.has(language.tag))
            ctx.addIssue({ code: 'custom', path: [i, 'tag'], message: `${language.tag} is listed twice` });
          seen.add(language.tag);
        });
        const defaults = languages.filter((l) => l.isDefault === true).length;
        if (defaults !== 1)
          ctx.addIssue({
            code: 'custom',
            message: `exactly one language must have isDefault: true (${defaults} do)`,
          });
      }),
  })
  .strict();

/** Replaces the enabled languages (inside the caller's transaction). */
export async function writeLanguages(trx: Db, input: z.infer<typeof languagesBody>): Promise<void> {
  const ordered = [
    ...input.languages.filter((l) => l.isDefault === true),
    ...input.languages.filter((l) => l.isDefault !== true),
  ];
  await replaceLanguages(
    trx,
    ordered.map((l) => ({ tag: l.tag, isDefault: l.isDefault === true })),
  );
}

/** A page's language: its tag and the path the page has in the default language. */
export interface PathLanguage {
  tag: string;
  /** The path without the language's prefix. */
  path: string;
}

/** The language a path is in (by its prefix; the default's pages have none). */
export function languageOfPath(path: string, settings: LanguageSettings): PathLanguage {
  for (const tag of settings.enabledLanguages) {
    const prefix = pathPrefix(tag, settings.defaultLanguage);
    if (!prefix) continue;
    if (path === prefix || path === `${prefix}/`) return { tag, path: '/' };
    if (path.startsWith(`${prefix}/`)) return { tag, path: path.slice(prefix.length) };
  }
  return { tag: settings.defaultLanguage, path };
}

export interface HreflangLink {
  hreflang: string;
  href: string;
}

/**
 * A page's versions in every enabled language, and `x-default` (the default language's), for
 * `<link rel="alternate" hreflang>`; none while the site has one language.
 */
export function hreflangLinks(origin: string, path: string, settings: LanguageSettings): HreflangLink[] {
  if (settings.enabledLanguages.length < 2) return [];
  const href = (tag: string) => `${origin}${pathPrefix(tag, settings.defaultLanguage)}${path}`;
  return [
    ...settings.enabledLanguages.map((tag) => ({ hreflang: tag, href: href(tag) })),
    { hreflang: 'x-default', href: href(settings.defaultLanguage) },
  ];
}
