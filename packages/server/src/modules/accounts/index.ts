/**
 * The accounts module's API (issue 28): what the app, the back office and other modules may use.
 * Its tables (accounts, roles, addresses, passkeys, one-time tokens) are reached only through here.
 */
export { accountRoutes, DEFAULT_SIGN_IN_LIMITS } from './routes.ts';
export { accountPageRoutes } from './page-routes.ts';
export { customerDetails, type CustomerDetails } from './customer-details.ts';
export { accountEmails, accountIdentity, sessionAccounts, staffMembers } from './store.ts';
export type { AccountTables } from './tables.ts';
export { accountsMigrations } from './migrations.ts';
export { runUsers } from './users.ts';
