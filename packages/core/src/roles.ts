/**
 * Staff roles and what each may do (spec section 6 gives the codes; "what each may do is not
 * shown", so the permission table is ours, written down in docs/accounts.md). A staff member may
 * hold several roles; their permissions are the union.
 */
/** Who an account belongs to: a shopper, or the site's staff (sessions and guards tell them apart). */
export type AccountKind = 'customer' | 'staff';

export const ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  'store-manager': 8,
  scheduling: 9,
  viewer: 10,
  'campaigns-editor': 11,
  'scheduling-viewer': 12,
  'scheduling-editor': 13,
} as const;

export type RoleName = keyof typeof ROLES;
export type RoleCode = (typeof ROLES)[RoleName];

export const PERMISSIONS = [
  /** Staff accounts and their roles. */
  'staff.manage',
  /** Plan, invoices, payment provider settings. */
  'billing.manage',
  /** Analytics, census, errors and performance summaries (the owner page). */
  'reports.read',
  /** Orders: read. */
  'orders.read',
  /** Orders: change status, refund, cancel. */
  'orders.manage',
  /** Stock levels and restock sign-ups; sending restock notices. */
  'stock.manage',
  /** Pages, posts, header and footer, languages. */
  'content.edit',
  /** Products, store pages and categories, product CSV import and export. */
  'catalogue.edit',
  /** The media library: upload files, describe them, delete them (those who write pages or products). */
  'media.edit',
  /** Comments and reviews: approve, hide, delete. */
  'comments.moderate',
  /** Comments: write as staff. */
  'comments.write',
  /** Scheduling (bookings): read. */
  'scheduling.read',
  /** Scheduling (bookings): change. */
  'scheduling.edit',
  /** Email campaigns. */
  'campaigns.edit',
  /** Site settings: title, logo, favicon, language, time zone, store currency, SEO, captcha, cookie consent. */
  'settings.manage',
  /** Every back-office page, read only. */
  'backoffice.read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission = 'backoffice.read';

/** Role code -> permissions. Admin holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<RoleCode, readonly Permission[]>> = {
  1: PERMISSIONS,
  2: [READ, 'billing.manage', 'orders.read'],
  3: [READ, 'reports.read'],
  4: [READ, 'content.edit', 'media.edit'],
  6: [READ, 'comments.moderate', 'comments.write'],
  7: [READ, 'comments.write'],
  8: [READ, 'orders.read', 'orders.manage', 'stock.manage', 'catalogue.edit', 'media.edit', 'reports.read'],
  9: [READ, 'scheduling.read', 'scheduling.edit'],
  10: [READ],
  11: [READ, 'campaigns.edit'],
  12: [READ, 'scheduling.read'],
  13: [READ, 'scheduling.read', 'scheduling.edit'],
};

const CODES = new Set<number>(Object.values(ROLES));
export const isRoleCode = (code: number): code is RoleCode => CODES.has(code);

/** The role code for a name (`admin`, `store-manager`) or a code as text (`8`); undefined if none. */
export function parseRole(value: string): RoleCode | undefined {
  if (/^\d{1,2}$/.test(value)) {
    const code = Number(value);
    return isRoleCode(code) ? code : undefined;
  }
  return Object.prototype.hasOwnProperty.call(ROLES, value) ? ROLES[value as RoleName] : undefined;
}

export function hasPermission(roles: readonly number[], permission: Permission): boolean {
  return roles.some((role) => isRoleCode(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** Spec section 6: tracking skips signed-in staff unless viewer is their only role. */
export const onlyViewer = (roles: readonly number[]): boolean =>
  roles.length > 0 && roles.every((role) => role === ROLES.viewer);
