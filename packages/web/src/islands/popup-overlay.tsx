/**
 * The popup overlay (spec section 4, page type 104): the site's newsletter sign-up in the site's
 * lightbox (modal.tsx: focus kept inside, Escape closes), through the forms API like any site form.
 * Its content is the server's page-type-104 fragment (`GET /popup-overlay`: the template's own
 * popup page, else the popup's text), the marker's copy where that cannot be fetched. Its own chunk,
 * loaded by main.tsx only when popup-overlay.ts says the popup is due and its moment has come.
 */
import { type LocalizedStrings } from '../core.ts';
import { createFormApi } from '../forms/api.ts';
import { SiteForm } from '../forms/site-form.tsx';
import { openModal } from '../modal.tsx';
import { announcePopup, popupOverlayConfigOf, rememberPopup, storageOf } from '../popup-overlay.ts';

export const POPUP_OVERLAY_CLASS = 'sf-popup-overlay';
/** The server's popup content (page type 104). */
export const POPUP_OVERLAY_URL = '/popup-overlay';

/** The popup's content: the server's fragment, else the marker's own copy. */
async function popupContent(win: Window, marker: HTMLElement): Promise<string> {
  const fallback = marker.querySelector<HTMLTemplateElement>('template')?.innerHTML ?? '';
  try {
    const res = await win.fetch(POPUP_OVERLAY_URL, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    return res.ok ? await res.text() : fallback;
  } catch {
    return fallback;
  }
}

/** Opens the popup described by `marker`; closing or signing up is remembered for its version. */
export async function showPopupOverlay(
  doc: Document,
  marker: HTMLElement,
  ls?: LocalizedStrings,
): Promise<void> {
  const config = popupOverlayConfigOf(marker);
  const win = doc.defaultView;
  if (!config || !win) return;
  const storage = storageOf(win);
  let submitted = false;
  const formId = marker.dataset.formId ?? '';
  const api = createFormApi({ cookies: () => doc.cookie, ls });
  const body = await popupContent(win, marker);
  const announce = (action: 'shown' | 'closed' | 'submitted') =>
    announcePopup(doc, { action, version: config.version });
  openModal(doc, {
    title: marker.dataset.title || doc.title,
    className: POPUP_OVERLAY_CLASS,
    ls,
    render: () => (
      <div className="sf-popup-overlay__body" data-page-type="104">
        {/* The site's own text (its content), rendered by the server's template engine. */}
        {body ? (
          <div className="sf-popup-overlay__content" dangerouslySetInnerHTML={{ __html: body }} />
        ) : null}
        {formId ? (
          <SiteForm
            formId={formId}
            api={api}
            ls={ls}
            navigate={(url) => win.location.assign(url)}
            page={{ path: win.location.pathname, title: doc.title }}
            onSubmitted={() => {
              submitted = true;
              rememberPopup(storage, config.version, 'submitted', Date.now());
              announce('submitted');
            }}
          />
        ) : null}
      </div>
    ),
    onClose: () => {
      rememberPopup(storage, config.version, submitted ? 'submitted' : 'closed', Date.now());
      announce('closed');
    },
  });
  announce('shown');
}
