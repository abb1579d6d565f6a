/**
 * The navigation editor's work (issue 31; contract in core's wire/navigation.ts, rules in core's
 * navigation.ts): the navigations the template declares, read from and saved to `navigation.json`
 * (a site document), each save on the version the editor loaded (409 `record-changed` otherwise,
 * nothing written), kept as a revision, restorable. A save moves the `navigation` change key: every
 * instance's pages show it on their next request (pages read it through `liveNavigation`).
 */
import { recordChanged, wallClock } from '../../platform/http/record-changed.ts';
import { randomBytes } from 'node:crypto';
import {
  NAVIGATION_ENTRIES_MAX,
  NAVIGATION_TITLE_MAX,
  isNavigationUrl,
  navigationDocumentOf,
  navigationDocumentSchema,
  navigationEntriesOf,
  type NavigationDocument,
  type NavigationEditorEntry,
  type NavigationEntries,
} from '@storefront/core/navigation';
import type { NavigationPageChoice, NavigationRecord, NavigationRevisions } from '@storefront/core/wire';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import {
  insertDocumentRevision,
  documentRevision,
  documentRevisions,
  documentRow,
  latestDocumentRevision,
  saveDocumentAt,
} from './documents-store.ts';
import { siteDocument } from './site-document.ts';

export const NAVIGATION_DOCUMENT = 'navigation.json';
/** Revisions the editor lists (older ones stay stored). */
const REVISIONS_SHOWN = 50;

/** The stored document as pages use it; one that does not parse shows no navigation rather than fail every page. */
export function parseNavigation(data: string | undefined): NavigationDocument {
  if (data === undefined) return {};
  const parsed = navigationDocumentSchema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : {};
}

/** The navigation pages show, parsed once per version of the `navigation` change key. */
export const liveNavigation = () => siteDocument(NAVIGATION_DOCUMENT, changeKey.navigation, parseNavigation);

/** What the editor needs of the site: the template's navigations, its pages, its time zone. */
export interface NavigationSite {
  declared: readonly { name: string; title: string }[];
  pages: () => Promise<NavigationPageChoice[]>;
  timeZone: string;
}

export interface NavigationEditor {
  email: string;
}

const titleOf = (entry: NavigationEditorEntry, pages: ReadonlyMap<string, NavigationPageChoice>) =>
  entry.kind === 'page' ? (pages.get(entry.urlId)?.title ?? entry.urlId) : entry.title;

export async function loadNavigation(db: Db, site: NavigationSite): Promise<NavigationRecord> {
  const [row, pages] = await Promise.all([documentRow(db, NAVIGATION_DOCUMENT), site.pages()]);
  const entries = navigationEntriesOf(parseNavigation(row?.data));
  const latest = row ? await latestDocumentRevision(db, NAVIGATION_DOCUMENT) : undefined;
  // Saved last by staff only when the newest revision is the version stored (an import writes none).
  const byStaff = latest !== undefined && latest.version === row?.version ? latest : undefined;
  return {
    navigations: site.declared.map(({ name, title }) => ({ name, title, entries: entries[name] ?? [] })),
    pages,
    version: row?.version ?? 0,
    updatedOn: byStaff?.savedOn ?? null,
    updatedBy: byStaff?.savedBy ?? null,
    headerNavigation: site.declared.find((n) => n.name === 'mainNav')?.name ?? site.declared[0]?.name ?? null,
  };
}

/** Refuses what the schema cannot say: unknown navigations and pages, bad addresses, titles. */
function checkEntries(entries: NavigationEntries, site: NavigationSite, pages: ReadonlySet<string>): void {
  const names = site.declared.map((n) => n.name);
  const checkList = (list: readonly NavigationEditorEntry[]) => {
    if (list.length > NAVIGATION_ENTRIES_MAX)
      throw apiError('navigation.too-many-entries', { params: { max: NAVIGATION_ENTRIES_MAX } });
    for (const entry of list) {
      if (entry.kind === 'page') {
        if (!pages.has(entry.urlId))
          throw apiError('navigation.unknown-page', { params: { urlId: entry.urlId } });
        continue;
      }
      if (entry.title.trim() === '') throw apiError('navigation.title-empty');
      if ([...entry.title].length > NAVIGATION_TITLE_MAX)
        throw apiError('navigation.title-too-long', {
          params: { max: NAVIGATION_TITLE_MAX, title: entry.title },
        });
      if (entry.kind === 'link' && !isNavigationUrl(entry.url))
        throw apiError('navigation.url-invalid', { params: { url: entry.url, title: entry.title } });
      if (entry.kind === 'folder') checkList(entry.items);
    }
  };
  for (const [name, list] of Object.entries(entries)) {
    if (!names.includes(name))
      throw apiError('navigation.unknown-navigation', {
        params: { name, names: names.join(', ') || 'none' },
      });
    checkList(list);
  }
}

/** What a save changed, navigation by navigation, in words staff read. */
function changesBetween(
  before: NavigationEntries,
  after: NavigationEntries,
  site: NavigationSite,
  pages: ReadonlyMap<string, NavigationPageChoice>,
): string[] {
  const changes: string[] = [];
  const flat = (list: readonly NavigationEditorEntry[]): string[] =>
    list.flatMap((entry) => [
      `${titleOf(entry, pages)}${entry.disabled ? ' (off)' : ''}`,
      ...(entry.kind === 'folder' ? flat(entry.items).map((t) => `${entry.title} / ${t}`) : []),
    ]);
  for (const { name, title } of site.declared) {
    if (!(name in after)) continue;
    const was = flat(before[name] ?? []);
    const now = flat(after[name] ?? []);
    const added = now.filter((t) => !was.includes(t));
    const removed = was.filter((t) => !now.includes(t));
    const parts = [
      ...(added.length > 0 ? [`added ${added.join(', ')}`] : []),
      ...(removed.length > 0 ? [`removed ${removed.join(', ')}`] : []),
    ];
    if (parts.length === 0 && JSON.stringify(before[name] ?? []) !== JSON.stringify(after[name]))
      parts.push('new order or links changed');
    if (parts.length > 0) changes.push(`${title}: ${parts.join('; ')}`);
  }
  return changes.length > 0 ? changes : ['No change'];
}

/** 409 naming who saved the navigation since the editor opened it (an import names no one). */
async function changedSince(db: Db, site: NavigationSite) {
  const row = await documentRow(db, NAVIGATION_DOCUMENT);
  const saved = row
    ? { updatedBy: row.updatedBy, updatedOn: row.updatedOn, version: row.version }
    : { updatedBy: null, updatedOn: Date.now(), version: 0 };
  return recordChanged(saved, site.timeZone, 'navigation');
}

/** Writes `entries` over the navigations they name (others of the document kept) on `version`. */
async function write(
  db: Db,
  site: NavigationSite,
  editor: NavigationEditor,
  version: number,
  entries: NavigationEntries,
  changesFirst?: string[],
): Promise<NavigationRecord> {
  const pages = await site.pages();
  const byUrl = new Map(pages.map((p) => [p.urlId, p]));
  checkEntries(entries, site, new Set(byUrl.keys()));
  const now = Date.now();
  const saved = await writeTransaction(db, async (trx, changes) => {
    const row = await documentRow(trx, NAVIGATION_DOCUMENT);
    const stored = parseNavigation(row?.data);
    const document = { ...stored, ...navigationDocumentOf(entries) };
    const data = JSON.stringify(document, null, 2);
    if (
      (row?.version ?? 0) !== version ||
      !(await saveDocumentAt(trx, NAVIGATION_DOCUMENT, version, data, now, editor.email))
    )
      return false;
    await insertDocumentRevision(trx, NAVIGATION_DOCUMENT, {
      id: randomBytes(12).toString('hex'),
      version: version + 1,
      savedOn: now,
      savedBy: editor.email,
      data,
      changes: changesFirst ?? changesBetween(navigationEntriesOf(stored), entries, site, byUrl),
    });
    changes.touch(changeKey.navigation);
    return true;
  });
  if (!saved) throw await changedSince(db, site);
  return loadNavigation(db, site);
}

export function saveNavigation(
  db: Db,
  site: NavigationSite,
  editor: NavigationEditor,
  version: number,
  entries: NavigationEntries,
): Promise<NavigationRecord> {
  return write(db, site, editor, version, entries);
}

export async function navigationRevisions(db: Db): Promise<NavigationRevisions> {
  const rows = await documentRevisions(db, NAVIGATION_DOCUMENT, REVISIONS_SHOWN);
  return {
    revisions: rows.map(({ id, version, savedOn, savedBy, changes }) => ({
      id,
      version,
      savedOn,
      savedBy,
      changes,
    })),
  };
}

/** Brings a revision's navigations back, as a new save on the version now (itself a revision). */
export async function restoreNavigation(
  db: Db,
  site: NavigationSite,
  editor: NavigationEditor,
  revisionId: string,
): Promise<NavigationRecord> {
  const revision = await documentRevision(db, NAVIGATION_DOCUMENT, revisionId);
  if (!revision) throw apiError('navigation.revision-not-found');
  const restored = navigationEntriesOf(parseNavigation(revision.data));
  const declared = new Set(site.declared.map((n) => n.name));
  const entries = Object.fromEntries(Object.entries(restored).filter(([name]) => declared.has(name)));
  // Pages deleted since are left out rather than refusing the restore.
  const pages = new Set((await site.pages()).map((p) => p.urlId));
  const present = (list: NavigationEditorEntry[]): NavigationEditorEntry[] =>
    list
      .filter((e) => e.kind !== 'page' || pages.has(e.urlId))
      .map((e) => (e.kind === 'folder' ? { ...e, items: present(e.items) as typeof e.items } : e));
  for (const name of Object.keys(entries)) entries[name] = present(entries[name] ?? []);
  const current = await documentRow(db, NAVIGATION_DOCUMENT);
  const when = `${wallClock(revision.savedOn, site.timeZone)} (${site.timeZone})`;
  return write(db, site, editor, current?.version ?? 0, entries, [`Restored the version of ${when}`]);
}
