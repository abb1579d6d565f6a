/**
 * Which page views are tracked (spec sections 2 and 6): never /search, the not-found (100), lock
 * screen (103) and member-area access-denied (106) pages; never for signed-in users unless their
 * only website role is viewer (10). Paths under /config are the owner's: tracked apart.
 */
import { PageType } from '../page-context.ts';

/** Spec section 6: contributor roles. */
export const ContributorRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
} as const;

export const EXCLUDED_PAGE_TYPES: readonly number[] = [
  PageType.NOT_FOUND,
  PageType.SEARCH,
  PageType.LOCK_SCREEN,
  PageType.MEMBER_AREA_ACCESS_DENIED,
];

export const SEARCH_PATH = '/search';
export const CONFIG_PATH = '/config';

const under = (path: string, root: string) =>
  path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}?`);

/** Paths under /config are the owner's pages ("treated specially in tracking"). */
export const isConfigPath = (path: string): boolean => under(path, CONFIG_PATH);

export interface TrackingSubject {
  path: string;
  pageType: number;
  /** Signed in as a site contributor (an owner's account). */
  signedIn?: boolean;
  /** The contributor's website roles (spec section 6 codes). */
  roles?: readonly number[];
}

/** Whether a signed-in user's visits count: only when their only role is viewer. */
export function trackedUser(signedIn: boolean, roles: readonly number[] = []): boolean {
  if (!signedIn) return true;
  return roles.length > 0 && roles.every((r) => r === ContributorRole.VIEWER);
}

export function isTrackedPageView(s: TrackingSubject): boolean {
  if (under(s.path, SEARCH_PATH)) return false;
  if (EXCLUDED_PAGE_TYPES.includes(s.pageType)) return false;
  return trackedUser(s.signedIn === true, s.roles);
}
