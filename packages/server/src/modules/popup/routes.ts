/**
 * The popup overlay's content (spec section 4 and page types: popup overlay 104; docs/consent.md):
 *
 *   GET /popup-overlay   the popup's content as an HTML fragment (no layout), page type 104: the
 *       template's pages/popup-overlay.page when it has one (its context gains `popupOverlay`, the
 *       site's `websiteSettings.popupOverlay`), else the popup's `body`. The browser's popup island
 *       places it in the lightbox above the sign-up form. 404 `popup-overlay-not-found` when the
 *       site has no popup.
 */
import { PageType } from '@storefront/core';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../platform/http/errors.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { Json } from '../../platform/site/types.ts';

export const POPUP_OVERLAY_PATH = '/popup-overlay';
/** The template's own popup content: pages/popup-overlay.page. */
export const POPUP_OVERLAY_PAGE = 'popup-overlay';

export interface PopupOverlayRouteOptions {
  renderer: SystemPageRenderer;
}

export async function popupOverlayRoutes(
  app: FastifyInstance,
  { renderer }: PopupOverlayRouteOptions,
): Promise<void> {
  app.get(POPUP_OVERLAY_PATH, async (request, reply) => {
    const popup = request.site.template.content.websiteSettings.popupOverlay as Json | undefined;
    if (!popup || typeof popup !== 'object') throw apiError('popup-overlay-not-found');
    const result = await renderer.renderSystemPage({
      site: request.site,
      path: POPUP_OVERLAY_PATH,
      cartToken: undefined,
      member: signedInCustomer(request),
      status: 200,
      pageType: PageType.POPUP_OVERLAY,
      title: typeof popup.title === 'string' ? popup.title : '',
      // The site's own text (its content), like a page's main content.
      html: typeof popup.body === 'string' ? popup.body : '',
      templatePage: { name: POPUP_OVERLAY_PAGE, context: { popupOverlay: popup } },
      mainContentOnly: true,
    });
    return sendPageResult(reply, result, 'private, no-cache');
  });
}
