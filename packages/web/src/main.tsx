/**
 * The browser bundle's entry (`/_storefront/storefront.<hash>.js`, a module script at the end of the
 * page). No React: the page starts without it (page.ts), and the islands that need it (start.tsx)
 * load on first use, or once one that needs it to show comes into view (island-loader.ts).
 * Telemetry loads after the page, when the browser is idle.
 */
import './styles.css';
import './blocks.css';
import { CONSENT_SETTINGS_SELECTOR } from './consent.ts';
import { startFacades } from './facade.ts';
import { whenIdle } from './idle.ts';
import { loadImages } from './images.ts';
import { loadOnInteraction, loadWhenVisible } from './island-loader.ts';
import {
  ADD_TO_CART_SELECTOR,
  CART_ROOT_ID,
  COMMENTS_SELECTOR,
  GALLERY_SELECTOR,
  LIKE_SELECTOR,
  QUICK_VIEW_SELECTOR,
  SEARCH_FORM_SELECTOR,
  SITE_FORM_SELECTOR,
} from './islands/markers.ts';
import { startPage } from './page.ts';
import {
  POPUP_DUE_EVENT,
  POPUP_OVERLAY_SELECTOR,
  popupOverlayConfigOf,
  popupOverlayDue,
  readPopupMemory,
  storageOf,
  whenPopupTriggered,
} from './popup-overlay.ts';

function begin(doc: Document) {
  // First: the images in view are what the visitor waits for (the rest load lazily).
  loadImages(doc);
  const { runtime } = startPage(doc);
  let mounted: Promise<void> | undefined;
  const mountIslands = () => {
    mounted ??= import('./start.tsx').then(
      (islands) => void islands.mountIslands(runtime),
      (error: unknown) => {
        mounted = undefined;
        throw error;
      },
    );
    return mounted;
  };
  loadOnInteraction(doc, `${ADD_TO_CART_SELECTOR}, ${QUICK_VIEW_SELECTOR}`, mountIslands);
  // Predictive search: its own chunk, on the first focus or pointer on the header's form.
  const loadSearch = () => import('./islands/search.tsx').then((m) => m.mountSearch(doc));
  loadOnInteraction(doc, SEARCH_FORM_SELECTOR, loadSearch, { keepActivations: false });
  // The footer's cookie settings: the banner's chunk, on first use.
  loadOnInteraction(doc, CONSENT_SETTINGS_SELECTOR, () =>
    import('./consent-banner.ts').then((m) => m.watchConsentSettings(doc)),
  );
  // The buttons answer from now on: a click before their island is mounted is kept for it.
  for (const button of doc.querySelectorAll<HTMLElement>(ADD_TO_CART_SELECTOR)) button.dataset.state = 'idle';
  // Video and embed blocks: their players load on the visitor's click, never before.
  startFacades(doc, runtime.ls);
  // Galleries: their own chunk, once one comes near the viewport (the grid shows meanwhile).
  loadWhenVisible([...doc.querySelectorAll(GALLERY_SELECTOR)], () => {
    import('./islands/gallery.tsx')
      .then((m) => m.mountGalleries(doc, runtime.ls))
      .catch((error: unknown) => console.warn('storefront: the gallery did not load', error));
  });
  // Comments and likes: their own chunk, once a thread or a like button comes near the viewport.
  loadWhenVisible([...doc.querySelectorAll(`${COMMENTS_SELECTOR}, ${LIKE_SELECTOR}`)], () => {
    import('./islands/comments.tsx')
      .then((m) => m.mountComments(doc, runtime.ls))
      .catch((error: unknown) => console.warn('storefront: the comments did not load', error));
  });
  // The popup overlay: its chunk loads only when it is due (not closed lately, not signed up).
  const popup = doc.querySelector<HTMLElement>(POPUP_OVERLAY_SELECTOR);
  const popupConfig = popup ? popupOverlayConfigOf(popup) : undefined;
  const win = doc.defaultView;
  if (
    popup &&
    popupConfig &&
    win &&
    popupOverlayDue(popupConfig, readPopupMemory(storageOf(win)), Date.now(), win.location.pathname)
  ) {
    // Its moment (a delay, or a scroll) counts from when the page is idle.
    whenIdle(win, () =>
      whenPopupTriggered(win, popupConfig, () => {
        popup.dispatchEvent(new CustomEvent(POPUP_DUE_EVENT, { bubbles: true }));
        import('./islands/popup-overlay.tsx')
          .then((m) => m.showPopupOverlay(doc, popup, runtime.ls))
          .catch((error: unknown) => console.warn('storefront: the popup did not load', error));
      }),
    );
  }
  loadWhenVisible([...doc.querySelectorAll(`#${CART_ROOT_ID}, ${SITE_FORM_SELECTOR}`)], () => {
    mountIslands().catch((error: unknown) => console.warn('storefront: the islands did not load', error));
  });
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => begin(document), { once: true });
} else {
  begin(document);
}

// Telemetry (issue 8): its own chunk, loaded once the page has loaded and the browser is idle, so it
// never delays the islands. A failure to load it leaves the page as it is.
// Under a restrictive cookie policy it asks for consent first: the banner's chunk loads only then.
const loadTelemetry = () => {
  import('./telemetry/index.ts')
    .then((m) => m.startTelemetry(document))
    .then((telemetry) => telemetry.ready.then(() => telemetry.consentBannerNeeded()))
    .then((ask) =>
      ask ? import('./consent-banner.ts').then((m) => m.showConsentBanner(document)) : undefined,
    )
    .catch(() => undefined);
};
const scheduleTelemetry = () => whenIdle(window, loadTelemetry);
if (document.readyState === 'complete') scheduleTelemetry();
else window.addEventListener('load', scheduleTelemetry, { once: true });
