import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { DEFAULT_CURRENCY, parsePricingConfig } from '@storefront/core';
import { navigationDocumentSchema } from '@storefront/core/navigation';
import { z } from 'zod';
import { stampTemplateNonces } from './nonce-markers.ts';
import { commentRanges, extractPlatformTags, type TagBodies } from './platform-tags.ts';
import { clampGalleryOptions, danglingBlockReference, galleryOptions, parseBlockFields } from './blocks.ts';
import { readSiteText } from './contained-path.ts';
import { SiteError } from './errors.ts';
import { compileStylesheets } from './stylesheets.ts';
import { tweakJson, tweakSettingsSchema } from './tweaks.ts';
import { parseLenientJson } from './lenient-json.ts';
import type {
  CollectionContent,
  Json,
  NavigationEntry,
  Site,
  SiteContent,
  SiteTemplate,
  SiteWarning,
  TemplateConf,
  TemplateFile,
} from './types.ts';

/** A compile error as the engine reports it (1-based line and column). */
export interface CompileProblem {
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** What the loader needs of the engine: `compile(source)` returning the compiled template with its errors. */
export type Compile<C> = (source: string) => C & { readonly errors: readonly CompileProblem[] };

/**
 * Reads a site folder (template/ + content/) and compiles every template once. A broken folder
 * throws a SiteError naming the file and, where there is one, the line and column.
 */
export function loadSite<C>(siteDir: string, compile: Compile<C>, bodies: TagBodies): Site<C> {
  const template = loadSiteTemplate(siteDir, compile, bodies);
  return completeSite(siteDir, template, loadContent(siteDir));
}

/** The template folder of a site folder, compiled, before its stylesheets (completeSite compiles those). */
export function loadSiteTemplate<C>(
  siteDir: string,
  compile: Compile<C>,
  bodies: TagBodies,
): SiteTemplate<C> {
  if (!existsSync(siteDir) || !statSync(siteDir).isDirectory()) {
    throw new SiteError(siteDir, 'the site folder does not exist');
  }
  return loadTemplate(siteDir, compile, bodies);
}

/**
 * The site: its template with the content it shows (from the folder, or from the database once a
 * site has started). The template's strings (template-format §2.6) go under the content's own
 * localizedStrings, and the stylesheets compile with the content's tweak values. Call once per
 * template: compiling the stylesheets completes the template's revision.
 */
export function completeSite<C>(siteDir: string, template: SiteTemplate<C>, content: SiteContent): Site<C> {
  const strings = loadTemplateStrings(
    siteDir,
    typeof content.website.language === 'string' ? content.website.language : 'en-US',
  );
  const completed = { ...content, localizedStrings: { ...strings, ...content.localizedStrings } };
  const styleWarnings = compileTemplateStyles(siteDir, template, completed);
  return {
    dir: siteDir,
    template,
    content: completed,
    warnings: [...layoutWarnings(template), ...styleWarnings],
  };
}

/** `template/strings/template-<locale>.json` and `annotations-<locale>.json`, flattened (en-US when the locale has none). */
export function loadTemplateStrings(siteDir: string, locale: string): Record<string, string> {
  const dir = join(siteDir, 'template', 'strings');
  const out: Record<string, string> = {};
  for (const kind of ['template', 'annotations']) {
    const path = [locale, 'en-US'].map((l) => join(dir, `${kind}-${l}.json`)).find((p) => existsSync(p));
    if (!path) continue;
    const strings = parseJsonFile(siteDir, path, z.record(z.string(), z.unknown()));
    for (const [key, value] of Object.entries(strings)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

// ---------------------------------------------------------------- template

const templateConfSchema = z
  .object({
    name: z.string({ error: 'template.conf needs a "name"' }),
    author: z.string().optional(),
    layouts: z.record(
      z.string(),
      z.looseObject({
        name: z.string().optional(),
        regions: z.array(z.string()).min(1, 'a layout needs at least one region'),
      }),
    ),
    navigations: z.array(z.looseObject({ title: z.string(), name: z.string() })).optional(),
    stylesheets: z.array(z.string()).optional(),
  })
  .loose();

function loadTemplate<C>(siteDir: string, compile: Compile<C>, bodies: TagBodies): SiteTemplate<C> {
  const dir = join(siteDir, 'template');
  const rel = (path: string) => relative(siteDir, path);
  const confPath = join(dir, 'template.conf');
  if (!existsSync(confPath))
    throw new SiteError(rel(confPath), 'missing: a template folder needs a template.conf');
  const conf = parseJsonFile(siteDir, confPath, templateConfSchema) as TemplateConf;
  if (!conf.layouts.default) throw new SiteError(rel(confPath), 'layouts must have a "default" layout');

  const hash = createHash('sha1');
  const compileFile = (
    path: string,
    source: string,
    lineMap?: (line: number) => { file: string; line: number },
  ): TemplateFile<C> => {
    hash.update(source);
    const checked = compile(source);
    const problem = checked.errors[0];
    if (problem) {
      const where = lineMap ? lineMap(problem.line) : { file: rel(path), line: problem.line };
      throw new SiteError(
        where.file,
        `template does not parse: ${problem.message}`,
        where.line,
        problem.column,
      );
    }
    // Checked before stamping, so that a parse error's column is the one in the file.
    const stamped = stampTemplateNonces(source);
    const extracted = extractPlatformTags(
      stamped,
      bodies,
      lineMap ?? ((line) => ({ file: rel(path), line })),
    );
    const compiled = extracted === source ? checked : compile(extracted);
    return { file: rel(path), source: extracted, compiled, ...(lineMap ? { origin: lineMap } : {}) };
  };

  const layouts: Record<string, TemplateFile<C>> = {};
  for (const [key, layout] of Object.entries(conf.layouts)) {
    const pieces: { file: string; source: string }[] = [];
    for (const region of layout.regions) {
      const file = regionFile(region);
      const path = join(dir, file);
      if (!existsSync(path))
        throw new SiteError(
          rel(confPath),
          `layout "${key}" names region "${region}" but ${file} does not exist`,
        );
      pieces.push({ file: rel(path), source: readSiteText(siteDir, path) });
    }
    const source = pieces.map((p) => p.source).join('');
    const lineMap = (line: number) => {
      let first = 1;
      for (const [i, piece] of pieces.entries()) {
        const lines = piece.source.split('\n').length - 1;
        // A region ending in a line break leaves its last joined line to the next region.
        const last = first + lines - (piece.source.endsWith('\n') && i < pieces.length - 1 ? 1 : 0);
        if (line <= last) return { file: piece.file, line: line - first + 1 };
        first += lines;
      }
      const lastPiece = pieces[pieces.length - 1] as { file: string };
      return { file: lastPiece.file, line };
    };
    layouts[key] = compileFile(join(dir, `${key}.layout`), source, lineMap);
  }

  const collections: SiteTemplate<C>['collections'] = {};
  for (const path of listFiles(join(dir, 'collections'))) {
    const ext = extname(path);
    const typeName = basename(path, ext);
    const entry = (collections[typeName] ??= {});
    if (ext === '.list') entry.list = compileFile(path, readSiteText(siteDir, path));
    else if (ext === '.item') entry.item = compileFile(path, readSiteText(siteDir, path));
    else if (ext === '.conf') entry.conf = parseJsonFile(siteDir, path, z.looseObject({})) as Json;
  }

  const partials: Record<string, string> = {};
  for (const path of listFiles(join(dir, 'blocks'))) {
    if (extname(path) !== '.block') continue;
    const file = compileFile(path, readSiteText(siteDir, path));
    partials[basename(path)] = file.source;
  }

  const pages: SiteTemplate<C>['pages'] = {};
  for (const path of listFiles(join(dir, 'pages'))) {
    if (extname(path) !== '.page') continue;
    const name = basename(path, '.page');
    const confFile = `${path}.conf`;
    const pageConf = existsSync(confFile)
      ? (parseJsonFile(siteDir, confFile, z.looseObject({})) as Json)
      : {};
    pages[name] = { template: compileFile(path, readSiteText(siteDir, path)), conf: pageConf };
  }

  // The stylesheets compile with the content's tweak values (compileTemplateStyles).
  return {
    dir,
    conf,
    layouts,
    collections,
    pages,
    partials,
    css: '',
    tweakClasses: [],
    tweakJson: {},
    revision: hash.digest('hex'),
  };
}

/** `template.conf` names a region with or without its extension (template-format §2.1). */
const regionFile = (region: string): string => (region.endsWith('.region') ? region : `${region}.region`);

/**
 * The platform variables every layout must print (template-format §2.2). Without them the pages
 * still render, which is why a missing one is easy to miss: each is named at start.
 */
const REQUIRED_LAYOUT_TAGS = [
  {
    tag: '{squarespace-headers}',
    pattern: /\{squarespace[-.]headers(?:\|[^}]*)?\}/,
    place: 'in <head>',
    loss: 'pages get no /site.css, title or page context, so the store pieces stay inert',
  },
  {
    tag: '{squarespace.main-content}',
    pattern: /\{squarespace\.main-content(?:\|[^}]*)?\}/,
    place: 'where the page content goes',
    loss: 'every page shows the layout without its content',
  },
  {
    tag: '{squarespace-footers}',
    pattern: /\{squarespace[-.]footers(?:\|[^}]*)?\}/,
    place: 'just before </body>',
    loss: 'the store script never loads, so Add To Cart, variants and the cart silently do nothing',
  },
] as const;

/** One warning per layout and missing platform variable, naming the layout's region files. */
function layoutWarnings(template: SiteTemplate<unknown>): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  for (const [key, layout] of Object.entries(template.layouts)) {
    let source = '';
    let last = 0;
    for (const [from, to] of commentRanges(layout.source)) {
      source += layout.source.slice(last, from);
      last = to;
    }
    source += layout.source.slice(last);
    const files = (template.conf.layouts[key]?.regions ?? [])
      .map((region) => `template/${regionFile(region)}`)
      .join(' + ');
    for (const { tag, pattern, place, loss } of REQUIRED_LAYOUT_TAGS)
      if (!pattern.test(source))
        warnings.push({ file: files, message: `layout "${key}" has no ${tag} (put it ${place}): ${loss}` });
  }
  return warnings;
}

/**
 * `/site.css` and the tweak classes, from the template's stylesheets and the site's tweak values
 * (`websiteSettings.tweaks`, docs/templates.md); the revision then covers the compiled CSS too.
 */
function compileTemplateStyles(
  siteDir: string,
  template: SiteTemplate<unknown>,
  content: SiteContent,
): SiteWarning[] {
  const settings = tweakSettingsSchema.safeParse(content.websiteSettings.tweaks ?? {});
  if (!settings.success) {
    const issue = settings.error.issues[0];
    throw new SiteError(
      'content/website.json',
      `${issue?.message ?? 'invalid tweak values'} at websiteSettings.tweaks${issue?.path.length ? `.${issue.path.join('.')}` : ''}`,
    );
  }
  const styles = compileStylesheets(siteDir, template.dir, template.conf.stylesheets, settings.data);
  template.css = styles.css;
  template.tweakClasses = styles.tweakClasses;
  template.tweakJson = tweakJson(styles.tweaks);
  template.revision = createHash('sha1')
    .update(template.revision)
    .update(styles.css)
    .digest('hex')
    .slice(0, 10);
  return styles.warnings;
}

// ---------------------------------------------------------------- content

const moneySchema = z.looseObject({ currency: z.string(), value: z.string() });
const variantSchema = z.looseObject({
  id: z.string(),
  sku: z.string(),
  priceMoney: moneySchema.optional(),
  salePriceMoney: moneySchema.optional(),
  qtyInStock: z.number().int().optional(),
  unlimited: z.boolean().optional(),
});
const itemSchema = z.looseObject({
  id: z.string(),
  urlId: z.string(),
  title: z.string(),
  structuredContent: z
    .looseObject({ productType: z.number().int().optional(), variants: z.array(variantSchema).optional() })
    .optional(),
});
const collectionSchema = z.looseObject({
  id: z.string(),
  urlId: z.string(),
  title: z.string(),
  typeName: z.string(),
  type: z.number().int().optional(),
  homepage: z.boolean().optional(),
  enabled: z.boolean().optional(),
  items: z.array(itemSchema).optional(),
});
const websiteFileSchema = z.looseObject({
  website: z.looseObject({ id: z.string() }),
  websiteSettings: z.looseObject({}).optional(),
  localizedStrings: z.record(z.string(), z.string()).optional(),
});
const navigationSchema = navigationDocumentSchema;

/** The content of a site folder (`<siteDir>/content`), as the site shows it. */
export function loadContent(siteDir: string): SiteContent {
  return loadContentFolder(join(siteDir, 'content')).content;
}

/**
 * A content folder (a site folder's `content/`, or an export) read for an import: the content the
 * site shows, the documents as the files hold them (`website.json`, `navigation.json`,
 * `commerce.json`, `comments.json`, `forms/<name>.json`: what the database keeps beside the
 * catalogue), and each file's SHA-256 by its path in the folder.
 */
export interface ContentFolder {
  content: SiteContent;
  /** What the folder had that was brought within bounds rather than refused (a gallery option out of range). */
  warnings: SiteWarning[];
  documents: Map<string, Json>;
  files: Map<string, string>;
}

/** The files of a content folder that an import reads (media aside), by their path in it. */
export function contentFilePaths(contentDir: string): string[] {
  const top = ['website.json', 'navigation.json', 'commerce.json', 'comments.json'].filter((name) =>
    existsSync(join(contentDir, name)),
  );
  const inFolder = (folder: string) =>
    listFiles(join(contentDir, folder))
      .filter((path) => extname(path) === '.json')
      .map((path) => `${folder}/${basename(path)}`);
  return [...top, ...inFolder('collections'), ...inFolder('forms')];
}

/** Each content file's SHA-256 by its path in the folder (nothing when the folder is missing). */
export function contentFingerprints(contentDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of contentFilePaths(contentDir))
    files.set(
      path,
      createHash('sha256')
        .update(readFileSync(join(contentDir, path)))
        .digest('hex'),
    );
  return files;
}

export function loadContentFolder(contentDir: string): ContentFolder {
  // Errors name files as the operator sees them: `content/website.json` in a site folder.
  const root = dirname(contentDir);
  const read = <T>(path: string, schema: z.ZodType<T>): T => parseJsonFile(root, path, schema, contentDir);
  const documents = new Map<string, Json>();
  const websitePath = join(contentDir, 'website.json');
  if (!existsSync(websitePath))
    throw new SiteError(relative(root, websitePath), 'missing: the content needs a website.json');
  const websiteFile = read(websitePath, websiteFileSchema);
  documents.set('website.json', websiteFile);
  const navPath = join(contentDir, 'navigation.json');
  const navigation = existsSync(navPath)
    ? (read(navPath, navigationSchema) as Record<string, NavigationEntry[]>)
    : {};
  if (existsSync(navPath)) documents.set('navigation.json', navigation);
  for (const name of ['commerce.json', 'comments.json']) {
    const path = join(contentDir, name);
    if (existsSync(path)) documents.set(name, read(path, z.looseObject({})) as Json);
  }
  const websiteSettings = (websiteFile.websiteSettings ?? {}) as Json;
  const currency = storeCurrencyOf(websiteSettings);
  const commerce = documents.get('commerce.json');
  if (commerce) {
    const pricing = parsePricingConfig(commerce, currency);
    if (!pricing.ok)
      throw new SiteError(relative(root, join(contentDir, 'commerce.json')), pricing.error.message);
  }

  const collections: CollectionContent[] = [];
  const warnings: SiteWarning[] = [];
  const seenUrl = new Map<string, string>();
  for (const path of listFiles(join(contentDir, 'collections'))) {
    if (extname(path) !== '.json') continue;
    const collection = read(path, collectionSchema) as CollectionContent;
    const other = seenUrl.get(collection.urlId);
    if (other)
      throw new SiteError(relative(root, path), `urlId "${collection.urlId}" is already used by ${other}`);
    seenUrl.set(collection.urlId, relative(root, path));
    checkBlockFields(relative(root, path), collection, warnings);
    checkVariants(relative(root, path), collection, currency);
    collections.push(collection);
  }

  const forms: Record<string, Json> = {};
  for (const path of listFiles(join(contentDir, 'forms'))) {
    if (extname(path) !== '.json') continue;
    const form = read(path, z.looseObject({})) as Json;
    forms[basename(path, '.json')] = form;
    documents.set(`forms/${basename(path)}`, form);
  }
  const dangling = danglingBlockReference(collections, forms);
  if (dangling) throw new SiteError(seenUrl.get(dangling.urlId) ?? 'content/collections', dangling.problem);

  return {
    content: {
      website: websiteFile.website as SiteContent['website'],
      websiteSettings,
      localizedStrings: websiteFile.localizedStrings ?? {},
      navigation,
      collections,
      forms,
    },
    documents,
    files: contentFingerprints(contentDir),
    warnings,
  };
}

/** The store's currency: the one every variant's price must be in (USD when the settings name none). */
export function storeCurrencyOf(websiteSettings: Json): string {
  const settings = websiteSettings.storeSettings as
    { selectedCurrency?: unknown; defaultCurrency?: unknown } | undefined;
  const named = settings?.selectedCurrency ?? settings?.defaultCurrency;
  return typeof named === 'string' ? named : DEFAULT_CURRENCY;
}

/**
 * Refuses the variants a shop would otherwise get wrong without a word: one priced in another
 * currency than the store's (it would be charged as the store's), and one with neither a stock
 * nor `unlimited` (it would be out of stock for good).
 */
function checkVariants(file: string, collection: CollectionContent, currency: string): void {
  for (const item of collection.items ?? [])
    for (const variant of item.structuredContent?.variants ?? []) {
      const which = `product "${item.title}" (${item.urlId}), variant "${variant.sku}"`;
      for (const field of ['priceMoney', 'salePriceMoney'] as const) {
        const money = variant[field];
        if (money && money.currency !== currency)
          throw new SiteError(
            file,
            `${which}: ${field} is in ${money.currency}, but the store's currency is ${currency}; ` +
              `give the variant's prices in ${currency}`,
          );
      }
      if (variant.qtyInStock === undefined && variant.unlimited !== true)
        throw new SiteError(
          file,
          `${which}: has no stock; give it "qtyInStock" (0 for none in stock) or "unlimited": true`,
        );
    }
}

/**
 * Parses the layout blocks of a collection and its items in place (docs/blocks.md), and a gallery
 * page's options, or names the bad one. Gallery options out of spec §9's ranges are clamped, each
 * with a warning naming the file, the option and the range.
 */
function checkBlockFields(file: string, collection: CollectionContent, warnings: SiteWarning[]): void {
  const clamped: string[] = [];
  if (collection.galleryOptions !== undefined) {
    const owner = `collection "${collection.urlId}"`;
    const parsed = galleryOptions.safeParse(clampGalleryOptions(collection.galleryOptions, owner, clamped));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue && issue.path.length > 0 ? ` (at galleryOptions.${issue.path.join('.')})` : '';
      throw new SiteError(file, `${owner}: ${issue?.message ?? 'invalid gallery options'}${at}`);
    }
    collection.galleryOptions = parsed.data;
  }
  const owners: [string, Json][] = [
    [`collection "${collection.urlId}"`, collection],
    ...(collection.items ?? []).map((item): [string, Json] => [`item "${item.urlId}"`, item]),
  ];
  for (const [owner, json] of owners) {
    if (json.blockFields === undefined) continue;
    const parsed = parseBlockFields(json.blockFields, clamped);
    if (!parsed.ok) throw new SiteError(file, `${owner}: ${parsed.problem}`);
    json.blockFields = parsed.fields;
  }
  for (const message of clamped) warnings.push({ file, message });
}

// ---------------------------------------------------------------- helpers

/** The files of a folder, links to files included so that one leading outside is refused, not skipped. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isFile() ||
        (d.isSymbolicLink() && !statSync(join(dir, d.name), { throwIfNoEntry: false })?.isDirectory()),
    )
    .map((d) => join(dir, d.name))
    .sort();
}

function parseJsonFile<T>(siteDir: string, path: string, schema: z.ZodType<T>, within = siteDir): T {
  const rel = relative(siteDir, path);
  let text: string;
  try {
    text = readSiteText(within, path);
  } catch (error) {
    // Named as the operator sees the file, not from the folder it must stay inside.
    if (error instanceof SiteError && within !== siteDir)
      throw new SiteError(rel, error.reason, error.line, error.column);
    throw error;
  }
  const parsed = parseLenientJson(text);
  if (!parsed.ok)
    throw new SiteError(
      rel,
      `invalid JSON: ${parsed.problem.message}`,
      parsed.problem.line,
      parsed.problem.column,
    );
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new SiteError(rel, `${issue?.message ?? 'invalid content'}${at}`);
  }
  return checked.data;
}
