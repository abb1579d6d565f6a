/**
 * The site's navigations (issue 31): what `navigation.json` holds, the entries the navigation editor
 * edits, and the rules both the browser and the server apply to them (link addresses, title
 * lengths, whether the main navigation fits the demo header on one line).
 *
 * `navigation.json` maps each navigation the template declares (`mainNav`, `footerNav`) to its
 * entries, in the format Squarespace templates know, plus what the editor adds:
 * - `"shop"`: a page (collection) by its urlId; `{ "collection": "shop", "disabled": true }` when off;
 * - `{ "externalLink": { "url", "title", "newWindow" }, "disabled"? }`: a link;
 * - `{ "folder": { "title", "items": [pages and links] }, "disabled"? }`: a folder (one level).
 */
import { z } from 'zod';
import { message } from './messages.ts';

/** A link's or folder's title, in characters. */
export const NAVIGATION_TITLE_MAX = 40;
/** Entries of one navigation, and of one folder. */
export const NAVIGATION_ENTRIES_MAX = 30;
export const NAVIGATION_URL_MAX = 500;

/** A page of the site, by its urlId. */
export interface NavigationPageEntry {
  kind: 'page';
  urlId: string;
  disabled: boolean;
}

export interface NavigationLinkEntry {
  kind: 'link';
  title: string;
  url: string;
  newWindow: boolean;
  disabled: boolean;
}

export type NavigationLeaf = NavigationPageEntry | NavigationLinkEntry;

export interface NavigationFolderEntry {
  kind: 'folder';
  title: string;
  disabled: boolean;
  items: NavigationLeaf[];
}

export type NavigationEditorEntry = NavigationLeaf | NavigationFolderEntry;

/** Every navigation by its name (the template's `navigationId`), as the editor edits them. */
export type NavigationEntries = Record<string, NavigationEditorEntry[]>;

/**
 * Whether `url` may be a navigation link: an http(s), mailto or tel address, or a path on this site
 * (never `javascript:` or `data:`).
 */
export function isNavigationUrl(url: string): boolean {
  if (/^\/(?!\/)/.test(url)) return !/[\s\\]/.test(url);
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.hostname !== '';
    return parsed.protocol === 'mailto:' || parsed.protocol === 'tel:';
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------ the document (navigation.json)

const documentLink = z.looseObject({
  externalLink: z.looseObject({
    url: z.string(),
    title: z.string(),
    newWindow: z.boolean().optional(),
  }),
  disabled: z.boolean().optional(),
});
const documentPage = z.union([
  z.string(),
  z.looseObject({ collection: z.string(), disabled: z.boolean().optional() }),
]);
const documentLeaf = z.union([documentPage, documentLink]);
const documentFolder = z.looseObject({
  folder: z.looseObject({ title: z.string(), items: z.array(documentLeaf) }),
  disabled: z.boolean().optional(),
});

/** `navigation.json` as an import reads it (its content checked, not its limits: the editor's). */
export const navigationDocumentSchema = z.record(
  z.string(),
  z.array(z.union([documentLeaf, documentFolder])),
);

export type NavigationDocument = z.infer<typeof navigationDocumentSchema>;
export type NavigationDocumentEntry = NavigationDocument[string][number];

function leafOf(entry: z.infer<typeof documentLeaf>): NavigationLeaf {
  if (typeof entry === 'string') return { kind: 'page', urlId: entry, disabled: false };
  if ('collection' in entry && typeof entry.collection === 'string')
    return { kind: 'page', urlId: entry.collection, disabled: entry.disabled === true };
  const link = entry as z.infer<typeof documentLink>;
  return {
    kind: 'link',
    title: link.externalLink.title,
    url: link.externalLink.url,
    newWindow: link.externalLink.newWindow === true,
    disabled: link.disabled === true,
  };
}

/** The editor's entries of a parsed document. */
export function navigationEntriesOf(document: NavigationDocument): NavigationEntries {
  const entries: NavigationEntries = {};
  for (const [name, list] of Object.entries(document))
    entries[name] = list.map((entry): NavigationEditorEntry => {
      if (typeof entry === 'object' && 'folder' in entry) {
        const folder = entry as z.infer<typeof documentFolder>;
        return {
          kind: 'folder',
          title: folder.folder.title,
          disabled: folder.disabled === true,
          items: folder.folder.items.map(leafOf),
        };
      }
      return leafOf(entry as z.infer<typeof documentLeaf>);
    });
  return entries;
}

const disabledFlag = (disabled: boolean) => (disabled ? { disabled: true } : {});

function documentLeafOf(entry: NavigationLeaf): z.infer<typeof documentLeaf> {
  if (entry.kind === 'page')
    return entry.disabled ? { collection: entry.urlId, disabled: true } : entry.urlId;
  return {
    externalLink: { url: entry.url, title: entry.title, newWindow: entry.newWindow },
    ...disabledFlag(entry.disabled),
  };
}

/** The document that holds the editor's entries: a page that is on is its urlId alone, as templates' files write it. */
export function navigationDocumentOf(entries: NavigationEntries): NavigationDocument {
  const document: NavigationDocument = {};
  for (const [name, list] of Object.entries(entries))
    document[name] = list.map((entry) =>
      entry.kind === 'folder'
        ? {
            folder: { title: entry.title, items: entry.items.map(documentLeafOf) },
            ...disabledFlag(entry.disabled),
          }
        : documentLeafOf(entry),
    );
  return document;
}

// ------------------------------------------------------------------ fitting the demo header

/**
 * How many characters of titles the demo header's main navigation holds on one line at 1,280 px,
 * counting each link's padding and gap as `NAVIGATION_LINK_OVERHEAD` characters. Calibrated in
 * Chromium with the demo's title: the header broke past 49 characters of titles in 3 links, 43 in 4,
 * 41 in 5, 38 in 6 and 28 in 8; 60 and 5 allow 45, 40, 35, 30 and 20, a margin for wide letters
 * (e2e/config-navigation.spec.ts checks the header at the budget).
 */
export const NAVIGATION_FIT_BUDGET = 60;
export const NAVIGATION_LINK_OVERHEAD = 5;

/** The titles the header shows: each enabled entry's (a folder's own; its pages open below it). */
export function navigationWidth(titles: readonly string[]): number {
  return titles.reduce((sum, title) => sum + [...title].length + NAVIGATION_LINK_OVERHEAD, 0);
}

/** The warning the editor shows when the main navigation's titles would wrap the demo header; null when they fit. */
export function navigationFitWarning(titles: readonly string[]): string | null {
  const width = navigationWidth(titles);
  return width <= NAVIGATION_FIT_BUDGET
    ? null
    : message('navigation.too-wide', { over: String(width - NAVIGATION_FIT_BUDGET) });
}
