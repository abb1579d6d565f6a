/**
 * The popup overlay (spec section 4, page type 104): the site's newsletter sign-up in the site's
 * lightbox (modal.tsx: focus kept inside, Escape closes), through the forms API like any site form.
 * Its own chunk, loaded by main.tsx only when popup-overlay.ts says the popup is due.
 */
import { type LocalizedStrings } from '../core.ts';
import { createFormApi } from '../forms/api.ts';
import { SiteForm } from '../forms/site-form.tsx';
import { openModal } from '../modal.tsx';
import { popupOverlayConfigOf, rememberPopup, storageOf } from '../popup-overlay.ts';

export const POPUP_OVERLAY_CLASS = 'sf-popup-overlay';

/** Opens the popup described by `marker`; closing or signing up is remembered for its version. */
export function showPopupOverlay(doc: Document, marker: HTMLElement, ls?: LocalizedStrings): void {
  const config = popupOverlayConfigOf(marker);
  const win = doc.defaultView;
  if (!config || !win) return;
  const storage = storageOf(win);
  let submitted = false;
  const formId = marker.dataset.formId ?? '';
  const api = createFormApi({ cookies: () => doc.cookie, ls });
  const body = marker.querySelector<HTMLTemplateElement>('template')?.innerHTML ?? '';
  openModal(doc, {
    title: marker.dataset.title || doc.title,
    className: POPUP_OVERLAY_CLASS,
    ls,
    render: () => (
      <div className="sf-popup-overlay__body" data-page-type="104">
        {/* The site's own text (its content), rendered by the server's template engine. */}
        {body ? <div dangerouslySetInnerHTML={{ __html: body }} /> : null}
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
            }}
          />
        ) : null}
      </div>
    ),
    onClose: () => rememberPopup(storage, config.version, submitted ? 'submitted' : 'closed', Date.now()),
  });
}
