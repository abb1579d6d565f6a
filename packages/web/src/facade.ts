/**
 * Click-to-load players (docs/blocks.md): a video or embed block's third-party HTML waits in an
 * inert `<template>` behind a button, and the `video` helper's in its `data-html`; nothing of the
 * provider loads until the visitor presses the button. Its scripts never run (markup inserted from
 * a template does not execute them), so a player is its iframe, as the CSP's frame-src allows.
 */
import { message, type LocalizedStrings } from './core.ts';

/** A video or embed block's facade (render/blocks.ts on the server). */
export const FACADE_SELECTOR = '.sf-facade';
const PLAY_SELECTOR = '.sf-facade__play';
/** The `video` helper's wrapper (core's helpers), whose player HTML sits in `data-html`. */
const VIDEO_HELPER_SELECTOR = '.sqs-video-wrapper[data-html]';

/** Puts `html` in place of `host`'s children and sends focus to the player, where the visitor was. */
function showPlayer(host: Element, html: string | DocumentFragment): void {
  const doc = host.ownerDocument;
  let content: DocumentFragment;
  if (typeof html === 'string') {
    const template = doc.createElement('template');
    template.innerHTML = html;
    content = template.content;
  } else content = html;
  host.replaceChildren(content);
  host.classList.add('sf-facade--playing');
  host.querySelector<HTMLElement>('iframe, video, audio, a[href], button')?.focus();
}

/** Plays the facade whose button was pressed. */
function play(button: Element): void {
  const wrapper = button.closest(VIDEO_HELPER_SELECTOR);
  if (wrapper instanceof HTMLElement) {
    showPlayer(wrapper, wrapper.dataset.html ?? '');
    return;
  }
  const facade = button.closest(FACADE_SELECTOR);
  const template = facade?.querySelector('template');
  if (facade && template instanceof HTMLTemplateElement)
    showPlayer(facade, template.content.cloneNode(true) as DocumentFragment);
}

/**
 * Gives each `video` helper wrapper its play button (the helper writes none: its player was shown by
 * the platform's script), and plays any facade on its button's click from now on.
 */
export function startFacades(doc: Document, ls: LocalizedStrings): void {
  for (const wrapper of doc.querySelectorAll<HTMLElement>(VIDEO_HELPER_SELECTOR)) {
    if (wrapper.querySelector(PLAY_SELECTOR)) continue;
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'sf-facade__play';
    const provider = wrapper.dataset.providerName;
    button.setAttribute(
      'aria-label',
      message('media.play-video-from', { provider: provider || 'video' }, ls),
    );
    wrapper.append(button);
  }
  doc.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest(PLAY_SELECTOR) : null;
    if (button) play(button);
  });
}
