/**
 * Navigation, folders and indexes (template-format §1.2, §3.3, §3.7): a folder or index lists the
 * collections it holds by urlId in its content (`"collections": ["about", "contact"]`); the
 * navigation context carries them as the folder entry's `items`, `<squarespace:folder-navigation>`
 * shows the current page's folder, an index renders `collection.collections[]`, and a folder that
 * redirects sends its visitors to its first child. Pure.
 */
import type { CollectionContent, Json, NavigationEntry, SiteContent } from '../platform/site/types.ts';
import { collectionUrl, collectionView } from './context.ts';

/** `folderBehavior` that sends a folder's visitors to its first child (the `redirect?` predicate). */
export const FOLDER_REDIRECT = 2;
/** `folderBehavior` that shows the folder as an index of its children. */
export const FOLDER_INDEX = 1;

const FOLDER_TYPES = new Set(['folder', 'folders', 'index']);

/** A folder's or index's child collections, in the order its content lists them. */
export function childCollections(
  parent: CollectionContent,
  collections: readonly CollectionContent[],
): CollectionContent[] {
  const urlIds = Array.isArray(parent.collections) ? parent.collections : [];
  const byUrl = new Map(collections.map((c) => [c.urlId, c]));
  return urlIds.flatMap((urlId) => {
    const child = typeof urlId === 'string' ? byUrl.get(urlId) : undefined;
    return child && child.id !== parent.id ? [child] : [];
  });
}

/** The folder or index that holds `child`, if any. */
export function parentCollection(
  child: CollectionContent,
  collections: readonly CollectionContent[],
): CollectionContent | undefined {
  return collections.find((c) => childCollections(c, collections).some((k) => k.id === child.id));
}

/**
 * A collection as templates see it, with a folder's or index's children as collection objects
 * (`collection.collections[]`); `fullData` children carry their page content, and their items
 * when the page loaded them (`childItems`, by child id: render/loader.ts).
 */
export function collectionWithChildren(
  c: CollectionContent,
  collections: readonly CollectionContent[],
  itemCount: number,
  childItems?: Readonly<Record<string, Json[]>>,
): Json {
  const view = collectionView(c, itemCount);
  const children = childCollections(c, collections);
  if (children.length > 0 || Array.isArray(c.collections) || FOLDER_TYPES.has(c.typeName)) {
    view.collections = children.map((child) => {
      const items = childItems?.[child.id];
      return { ...collectionView(child, child.items?.length ?? 0), ...(items ? { items } : {}) };
    });
    // What the `folder?` and `index?` predicates read.
    view.folder ??= true;
    if (c.typeName === 'index') view.folderBehavior ??= FOLDER_INDEX;
  }
  return view;
}

/**
 * Where a folder's visitor goes: its first child when `folderBehavior` says redirect, or when it says
 * nothing and the template has no folder page of its own (template-format §1.2).
 */
export function folderRedirect(
  c: CollectionContent,
  collections: readonly CollectionContent[],
  templateHasFolderPage: boolean,
): string | undefined {
  if (c.typeName !== 'folder' && c.typeName !== 'folders') return undefined;
  const behavior = c.folderBehavior;
  const redirects =
    behavior === FOLDER_REDIRECT ||
    behavior === 'redirect' ||
    (behavior !== FOLDER_INDEX && behavior !== 'index' && !templateHasFolderPage);
  const first = redirects ? childCollections(c, collections)[0] : undefined;
  return first ? collectionUrl(first) : undefined;
}

interface Active {
  path: string;
  collectionId: string | null;
}

const isActive = (c: CollectionContent, active: Active) =>
  c.id === active.collectionId || active.path === collectionUrl(c);

/** One collection's navigation entry; a folder's or index's children under `items`. */
function collectionEntry(
  c: CollectionContent,
  collections: readonly CollectionContent[],
  active: Active,
): Json {
  const children = childCollections(c, collections)
    .filter((child) => child.enabled !== false)
    .map((child) => ({
      collection: collectionView(child, child.items?.length ?? 0),
      active: isActive(child, active),
      folderActive: false,
    }));
  const folderActive = children.some((child) => child.active);
  return {
    collection: collectionWithChildren(c, collections, c.items?.length ?? 0),
    active: isActive(c, active),
    folderActive,
    ...(children.length > 0 ? { items: children } : {}),
  };
}

/** A page in the navigation: not a disabled one (the pages editor's `enabled: false`). */
const shown = (c: CollectionContent | undefined): c is CollectionContent =>
  c !== undefined && c.enabled !== false;

type Leaf = Exclude<NavigationEntry, { folder: unknown }>;

/** A page's or link's entry; none when it is disabled, or its page is missing or disabled. */
function leafEntry(
  entry: Leaf,
  byUrl: ReadonlyMap<string, CollectionContent>,
  collections: readonly CollectionContent[],
  active: Active,
): Json | undefined {
  if (typeof entry === 'string') {
    const c = byUrl.get(entry);
    return shown(c) ? collectionEntry(c, collections, active) : undefined;
  }
  if (entry.disabled === true) return undefined;
  if ('collection' in entry && typeof entry.collection === 'string') {
    const c = byUrl.get(entry.collection);
    return shown(c) ? collectionEntry(c, collections, active) : undefined;
  }
  const { externalLink } = entry as { externalLink: { url: string; title: string; newWindow?: boolean } };
  return { externalLink: { newWindow: false, ...externalLink }, active: false };
}

/**
 * A folder of the navigation (not a page of the site): a collection object with `folder: true`, so
 * that templates draw it as they draw a folder page, its pages and links under `items`. An empty
 * folder (every child off) is left out.
 */
function folderEntry(
  folder: { title: string; items: Leaf[] },
  position: number,
  byUrl: ReadonlyMap<string, CollectionContent>,
  collections: readonly CollectionContent[],
  active: Active,
): Json | undefined {
  const items = folder.items
    .map((child) => leafEntry(child, byUrl, collections, active))
    .filter((item): item is Json => item !== undefined);
  if (items.length === 0) return undefined;
  const first = items[0] as { collection?: { fullUrl?: unknown }; externalLink?: { url: string } };
  const folderActive = items.some((i) => i.active === true);
  return {
    collection: {
      id: `navigation-folder-${position}`,
      title: folder.title,
      navigationTitle: folder.title,
      typeName: 'folder',
      urlId: `navigation-folder-${position}`,
      fullUrl: first.collection?.fullUrl ?? first.externalLink?.url ?? '/',
      folder: true,
      collections: items.flatMap((i) => (i.collection ? [i.collection] : [])),
    },
    active: false,
    folderActive,
    items,
  };
}

/**
 * The navigation context (§3.7) for one navigation id, from the navigation document pages read now
 * (`navigation`; the site folder's at start when none is given). Disabled entries, and pages that
 * are disabled or gone, are omitted.
 */
export function navigationContext(
  content: SiteContent,
  collections: CollectionContent[],
  navigationId: string,
  activePath: string,
  activeCollectionId: string | null,
  navigation: SiteContent['navigation'] = content.navigation,
): Json {
  const active = { path: activePath, collectionId: activeCollectionId };
  const entries = navigation[navigationId] ?? [];
  const byUrl = new Map(collections.map((c) => [c.urlId, c]));
  const items: Json[] = [];
  (entries as NavigationEntry[]).forEach((entry, position) => {
    if (typeof entry === 'object' && 'folder' in entry) {
      if (entry.disabled === true) return;
      const folder = entry.folder as { title: string; items: Leaf[] };
      const made = folderEntry(folder, position, byUrl, collections, active);
      if (made) items.push(made);
      return;
    }
    const made = leafEntry(entry as Leaf, byUrl, collections, active);
    if (made) items.push(made);
  });
  return {
    items,
    active: items.some((i) => i.active === true),
    folderActive: items.some((i) => i.folderActive === true),
    website: content.website,
  };
}

/**
 * `<squarespace:folder-navigation>`: the pages of the current page's folder or index (the current
 * page's own children when it is one), empty when it is in none.
 */
export function folderNavigationContext(
  content: SiteContent,
  collections: CollectionContent[],
  activePath: string,
  activeCollectionId: string | null,
): Json {
  const active = { path: activePath, collectionId: activeCollectionId };
  const current = collections.find((c) => c.id === activeCollectionId);
  const folder =
    current && childCollections(current, collections).length > 0
      ? current
      : current && parentCollection(current, collections);
  const entry = folder ? collectionEntry(folder, collections, active) : undefined;
  const items = (entry?.items as Json[] | undefined) ?? [];
  return {
    items,
    ...(folder ? { collection: entry?.collection } : {}),
    active: items.some((i) => i.active === true),
    folderActive: entry?.folderActive === true,
    website: content.website,
  };
}
