/**
 * What a module needs of the storefront's renderer to show a platform page (search, checkout, an
 * account page…) inside the site's layout. The storefront's `PageRenderer` is the one implementation;
 * modules type their options with this, so no module imports the storefront.
 */
import type { ConfirmedCheckoutOrder } from '@storefront/core';
import type { Member } from '../http/session.ts';
import type { PageResult } from '../http/page-result.ts';
import type { SiteContext } from './context.ts';
import type { SystemPageRequest, SystemPageSources } from './system/pages.ts';

/** What a page shows of the site it is for: absolute URLs under its origin, its title. */
export type PageSite = Pick<SiteContext, 'origin' | 'title' | 'now'>;

/** What a page shows of the signed-in customer: read with the session, no query of its own. */
export type PageMember = Pick<Member, 'accountId' | 'name' | 'email'>;

export interface SystemPageRender {
  /** The site the page is for (the request's `request.site`). */
  site: PageSite;
  path: string;
  cartToken: string | undefined;
  status: number;
  pageType: number;
  title: string;
  html?: string | undefined;
  /** The order-confirmation page's order, for the browser's purchase events. */
  confirmedOrder?: ConfirmedCheckoutOrder;
  member?: PageMember | undefined;
  /**
   * The page's template (pages/<name>.page, e.g. `search`): the site's own or the platform's,
   * rendered with `context` added to the page's.
   */
  templatePage?: SystemPageRequest | undefined;
  /** The main content alone, without the layout (a fragment the browser places, e.g. the popup overlay). */
  mainContentOnly?: boolean;
}

export interface SystemPageRenderer {
  /** Where modules register their pages' JSON-T sources when their routes are registered. */
  readonly systemPages: { register(sources: SystemPageSources): void };
  /**
   * A platform page inside the site's layout like the cart page: the template's own
   * `pages/<name>.page`, else the registered system page of that name, else `html` (pages not yet
   * made templates), becomes `squarespace.main-content`; the cart pill and widget are not shown.
   */
  renderSystemPage(req: SystemPageRender): Promise<PageResult>;
}
