/**
 * Every back-office screen: its address, who may open it, and whether the navigation lists it. The
 * router (app.tsx) draws a screen only from this table, and the browser tests walk it
 * (e2e/backoffice-trust.spec.ts), so a new screen is checked at phone and desktop widths as soon as
 * it exists. Plain data: no React here, so that the tests can import it.
 */

export interface ConfigScreen {
  /** The address, or for one record's screen the address with its `:id`. */
  readonly path: string;
  /** One record's screen: the addresses it answers, the id captured. */
  readonly pattern?: RegExp;
  /** One record's screen: the list whose links lead to it. */
  readonly list?: string;
  readonly label: string;
  /** The permission that opens it; null: every staff member. */
  readonly permission: string | null;
  /** The permission that lists it in the navigation; absent: not listed. */
  readonly nav?: string;
}

export const CONFIG_SCREENS = [
  { path: '/config', label: 'Back office', permission: null },
  { path: '/config/orders', label: 'Orders', permission: 'orders.read', nav: 'orders.read' },
  {
    path: '/config/orders/:number',
    pattern: /^\/config\/orders\/(\d{1,9})$/,
    list: '/config/orders',
    label: 'Order',
    permission: 'orders.read',
  },
  { path: '/config/gift-cards', label: 'Gift cards', permission: 'orders.read', nav: 'orders.read' },
  {
    path: '/config/gift-cards/:id',
    pattern: /^\/config\/gift-cards\/([\w-]{36})$/,
    list: '/config/gift-cards',
    label: 'Gift card',
    permission: 'orders.read',
  },
  { path: '/config/subscriptions', label: 'Subscriptions', permission: 'orders.read', nav: 'orders.read' },
  // The catalogue: every staff role reads it; editing needs catalogue.edit (the screens say so).
  { path: '/config/products', label: 'Products', permission: 'backoffice.read', nav: 'backoffice.read' },
  // Before the record's pattern, which "new" and "import" would match too.
  { path: '/config/products/new', label: 'New product', permission: 'catalogue.edit' },
  {
    path: '/config/products/import',
    label: 'Import and export products',
    permission: 'catalogue.edit',
    nav: 'catalogue.edit',
  },
  {
    path: '/config/products/:id',
    pattern: /^\/config\/products\/([\w-]{1,100})$/,
    list: '/config/products',
    label: 'Product',
    permission: 'backoffice.read',
  },
  { path: '/config/store-pages', label: 'Store pages', permission: 'backoffice.read', nav: 'catalogue.edit' },
  {
    path: '/config/store-pages/:id',
    pattern: /^\/config\/store-pages\/([\w-]{1,100})$/,
    list: '/config/store-pages',
    label: 'Store page',
    permission: 'backoffice.read',
  },
  // Pages of every type: every staff role reads them; editing needs content.edit (the screens say so).
  { path: '/config/pages', label: 'Pages', permission: 'backoffice.read', nav: 'content.edit' },
  {
    path: '/config/pages/:id',
    pattern: /^\/config\/pages\/([\w-]{1,100})$/,
    list: '/config/pages',
    label: 'Page',
    permission: 'backoffice.read',
  },
  { path: '/config/media', label: 'Media', permission: 'backoffice.read', nav: 'media.edit' },
  { path: '/config/stock', label: 'Stock', permission: 'stock.manage', nav: 'stock.manage' },
  {
    path: '/config/restock',
    label: 'Restock notifications',
    permission: 'stock.manage',
    nav: 'stock.manage',
  },
  { path: '/config/forms', label: 'Form submissions', permission: 'content.edit', nav: 'content.edit' },
  {
    path: '/config/forms/:formId',
    pattern: /^\/config\/forms\/([\w-]{1,100})$/,
    list: '/config/forms',
    label: 'Submissions',
    permission: 'content.edit',
  },
  { path: '/config/mail', label: 'Mail outbox', permission: 'staff.manage', nav: 'staff.manage' },
  // Every role that moderates (comments.moderate) also writes: one permission opens the screen.
  { path: '/config/comments', label: 'Comments', permission: 'comments.write', nav: 'comments.write' },
  { path: '/config/reviews', label: 'Reviews', permission: 'comments.moderate', nav: 'comments.moderate' },
  { path: '/config/analytics', label: 'Analytics', permission: 'reports.read', nav: 'reports.read' },
  // Listed for those who edit them; every staff role may open them by address, to read.
  {
    path: '/config/header-footer',
    label: 'Header and footer',
    permission: 'backoffice.read',
    nav: 'content.edit',
  },
  { path: '/config/languages', label: 'Languages', permission: 'backoffice.read', nav: 'content.edit' },
  // Posts and page content (issue 31): every staff role reads them; writing needs content.edit.
  { path: '/config/posts', label: 'Posts', permission: 'backoffice.read', nav: 'content.edit' },
  {
    path: '/config/posts/:id',
    pattern: /^\/config\/posts\/([\w-]{1,100})$/,
    list: '/config/posts',
    label: 'Post',
    permission: 'backoffice.read',
  },
  {
    path: '/config/pages/:id/content',
    pattern: /^\/config\/pages\/([\w-]{1,100})\/content$/,
    // Reached from a page's screen too; the posts list links every page's content.
    list: '/config/posts',
    label: 'Page content',
    permission: 'backoffice.read',
  },
  { path: '/config/navigation', label: 'Navigation', permission: 'backoffice.read', nav: 'content.edit' },
  // The site's forms (issue 31): every staff role reads them; editing needs content.edit.
  { path: '/config/site-forms', label: 'Forms', permission: 'backoffice.read', nav: 'content.edit' },
  {
    path: '/config/site-forms/:id',
    pattern: /^\/config\/site-forms\/([\w-]{1,100})$/,
    list: '/config/site-forms',
    label: 'Form',
    permission: 'backoffice.read',
  },
  { path: '/config/settings', label: 'Site settings', permission: 'backoffice.read', nav: 'settings.manage' },
] as const satisfies readonly ConfigScreen[];

export type ScreenPath = (typeof CONFIG_SCREENS)[number]['path'];

/** The screen answering `path`, and what its pattern captured; undefined when none does. */
export function screenAt(
  path: string,
): { screen: ConfigScreen & { path: ScreenPath }; id: string } | undefined {
  const home = path === '/config/' ? '/config' : path;
  for (const screen of CONFIG_SCREENS as readonly (ConfigScreen & { path: ScreenPath })[]) {
    if (screen.pattern) {
      const match = screen.pattern.exec(home);
      if (match) return { screen, id: match[1] ?? '' };
    } else if (screen.path === home) return { screen, id: '' };
  }
  return undefined;
}
