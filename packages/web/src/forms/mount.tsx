/**
 * Finds the site-form markers (`.sf-form[data-form-id]`, docs/interfaces.md) and mounts the island
 * in each, beside the server-rendered fallback (`.sf-form__fallback`), which it hides once the form
 * is shown.
 */
import type { ReactNode } from 'react';
import type { LocalizedStrings } from '@storefront/core/messages';
import { SITE_FORM_SELECTOR } from '../islands/markers.ts';
import { createFormApi } from './api.ts';
import { SiteForm } from './site-form.tsx';

export interface SiteFormMountOptions {
  fetch?: typeof fetch | undefined;
  navigate: (url: string) => void;
  ls?: LocalizedStrings;
}

export function mountSiteForms(
  doc: Document,
  mount: (container: Element, node: ReactNode) => void,
  options: SiteFormMountOptions,
): number {
  const markers = [...doc.querySelectorAll<HTMLElement>(SITE_FORM_SELECTOR)];
  if (markers.length === 0) return 0;
  const api = createFormApi({ fetch: options.fetch, cookies: () => doc.cookie, ls: options.ls });
  for (const marker of markers) {
    const formId = marker.dataset.formId ?? '';
    const container = doc.createElement('div');
    container.className = 'sf-form__island';
    marker.appendChild(container);
    mount(
      container,
      <SiteForm
        formId={formId}
        api={api}
        ls={options.ls}
        navigate={options.navigate}
        fallback={marker.querySelector<HTMLElement>('.sf-form__fallback')}
        page={{ path: doc.defaultView?.location.pathname ?? '', title: doc.title }}
      />,
    );
  }
  return markers.length;
}
