/**
 * What pages show of the site content staff edit (issue 15): the header and footer, and the page's
 * language. Read from the database once while their change keys hold (saving either moves its key,
 * so the page cache and this memo drop what they kept), and turned into what one page needs by its
 * path.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { changeKey, type ChangeSnapshot } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { loadTemplateStrings } from '../../platform/site/loader.ts';
import type { Json, SiteContent } from '../../platform/site/types.ts';
import { readHeaderFooter, type SavedHeaderFooter } from './header-footer.ts';
import {
  contentLanguage,
  hreflangLinks,
  KNOWN_LANGUAGES,
  languageName,
  languageOfPath,
  pathPrefix,
  readLanguageSettings,
  type HreflangLink,
  type LanguageSettings,
  type LanguageTag,
} from './languages.ts';

export interface EditedSiteContent {
  languages: LanguageSettings;
  headerFooter: SavedHeaderFooter;
}

/** One page's language and the root context keys the edited content adds. */
export interface PageLanguage {
  tag: string;
  /** The page's path in the default language (the router's). */
  path: string;
  localizedStrings: Record<string, string>;
  /** `<link rel="alternate" hreflang>` of the page (none with one language). */
  alternates: HreflangLink[];
  /** `siteHeaderFooter` (once saved) and `multilingual` (with two languages or more). */
  context: Json;
}

const EDITED_KEYS = [changeKey.settings, changeKey.headerFooter];

export class SitePageContent {
  /** Each known language's template strings, read once (the content's own language uses the content's). */
  private readonly strings = new Map<string, Record<string, string>>();
  /** Languages the template has strings for (the others show the template's en-US ones). */
  private readonly translated = new Set<string>();
  private kept: { made: number; content: Promise<EditedSiteContent> } | undefined;

  constructor(private readonly site: { dir: string; content: SiteContent }) {
    for (const { tag } of KNOWN_LANGUAGES) {
      if (existsSync(join(site.dir, 'template', 'strings', `template-${tag}.json`))) this.translated.add(tag);
      this.strings.set(tag, loadTemplateStrings(site.dir, tag));
    }
  }

  /**
   * The content's own language (`website.language`, which the site settings change while the
   * server runs): the default until staff enable languages.
   */
  get contentLanguage(): LanguageTag {
    return contentLanguage(this.site.content.website.language);
  }

  private get fallback(): LanguageTag {
    return this.contentLanguage;
  }

  private stringsOf(tag: string): Record<string, string> {
    return tag === this.fallback ? this.site.content.localizedStrings : (this.strings.get(tag) ?? {});
  }

  /** The edited content as of `snapshot` (none: read it now). */
  read(db: Db, snapshot?: ChangeSnapshot): Promise<EditedSiteContent> {
    if (snapshot === undefined) return this.load(db);
    if (!this.kept || snapshot.movedSince(this.kept.made, EDITED_KEYS)) {
      const content = this.load(db);
      const kept = { made: snapshot.latest, content };
      this.kept = kept;
      content.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.content;
  }

  private async load(db: Db): Promise<EditedSiteContent> {
    const [languages, headerFooter] = await Promise.all([
      readLanguageSettings(db, this.fallback),
      readHeaderFooter(db),
    ]);
    return { languages, headerFooter };
  }

  /** The language of the page at `path`, with what it adds to the page. */
  pageLanguage(content: EditedSiteContent, path: string, origin: string): PageLanguage {
    const { languages, headerFooter } = content;
    const language = languageOfPath(path, languages);
    const context: Json = {};
    if (headerFooter.updated !== null)
      context.siteHeaderFooter = { header: headerFooter.header, footer: headerFooter.footer };
    if (languages.enabledLanguages.length > 1)
      context.multilingual = {
        language: language.tag,
        defaultLanguage: languages.defaultLanguage,
        languages: languages.enabledLanguages.map((tag) => ({
          tag,
          name: languageName(tag),
          url: `${pathPrefix(tag, languages.defaultLanguage)}${language.path}`,
          current: tag === language.tag,
        })),
      };
    return {
      tag: language.tag,
      path: language.path,
      localizedStrings: this.stringsOf(language.tag),
      alternates: hreflangLinks(origin, language.path, languages),
      context,
    };
  }

  /** Whether the language has strings of its own: the content's language, or a template strings file. */
  isTranslated(tag: string): boolean {
    return tag === this.fallback || this.translated.has(tag);
  }
}
