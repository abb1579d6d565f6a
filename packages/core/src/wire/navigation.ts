/**
 * The navigation editor's calls (issue 31, `/api/config/navigation`): what the server answers and
 * the screen sends. The entries' shape and rules are core's navigation.ts.
 */
import type { NavigationEditorEntry, NavigationEntries } from '../navigation.ts';

/** One navigation the template declares, with its entries. */
export interface NavigationMenu {
  /** The template's `navigationId` (`mainNav`). */
  name: string;
  /** The template's title for it ("Main Navigation"). */
  title: string;
  entries: NavigationEditorEntry[];
}

/** A page staff may put in a navigation. */
export interface NavigationPageChoice {
  urlId: string;
  title: string;
  typeName: string;
  /** A disabled page is left out of every navigation while it is off. */
  enabled: boolean;
}

/** `GET /api/config/navigation`, and the answer to a save or a restore. */
export interface NavigationRecord {
  navigations: NavigationMenu[];
  pages: NavigationPageChoice[];
  /** Sent back with a save: a save made on an older version answers 409 `record-changed`. */
  version: number;
  updatedOn: number | null;
  /** Who saved last (their email); null for the content folder's import. */
  updatedBy: string | null;
  /** The navigation the header shows (the fit warning's), null when the template declares none. */
  headerNavigation: string | null;
}

/** `PUT /api/config/navigation`. */
export interface NavigationSave {
  version: number;
  navigations: NavigationEntries;
}

export interface NavigationRevision {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  /** What changed against the version before ("Main Navigation: added Gift guide"). */
  changes: string[];
}

export interface NavigationRevisions {
  revisions: NavigationRevision[];
}
