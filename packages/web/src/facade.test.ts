// @vitest-environment happy-dom
/**
 * The click-to-load players on the `video` helper's own markup (rendered by the engine with core's
 * plugin, as the server renders it): the helper writes its player only into `data-html`; the page
 * gives it a named play button, and the player exists only once the button is pressed.
 */
import { createEngine } from '@storefront/jsont';
import { platformPlugin } from '@storefront/core';
import { afterEach, describe, expect, test } from 'vitest';
import { startFacades } from './facade.ts';

const engine = createEngine({ plugins: [platformPlugin] });
const PLAYER = '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Kiln"></iframe>';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the video helper behind a click', () => {
  test('a play button named after the provider; no player until it is pressed, then the player in its place', () => {
    const { output } = engine.render('{@|video}', {
      oembed: { html: PLAYER, providerName: 'YouTube' },
    });
    document.body.innerHTML = output;
    expect(document.querySelector('iframe')).toBeNull();
    startFacades(document, {});
    const button = document.querySelector<HTMLButtonElement>('.sqs-video-wrapper button.sf-facade__play');
    expect(button?.getAttribute('aria-label')).toBe('Play video (YouTube)');
    expect(document.querySelector('iframe')).toBeNull();
    button?.click();
    const frame = document.querySelector('.sqs-video-wrapper iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(document.activeElement).toBe(frame);
    expect(document.querySelector('.sf-facade__play')).toBeNull();
  });

  test("a site's localizedStrings name the button", () => {
    document.body.innerHTML = engine.render('{@|video}', {
      oembed: { html: PLAYER, providerName: 'Vimeo' },
    }).output;
    startFacades(document, { 'media.play-video-from': 'Lire la vidéo ({provider})' });
    expect(document.querySelector('.sf-facade__play')?.getAttribute('aria-label')).toBe(
      'Lire la vidéo (Vimeo)',
    );
  });

  test("a block's facade plays its template's player, and its scripts never run", () => {
    document.body.innerHTML =
      '<figure class="sf-video"><div class="sf-facade"><button type="button" class="sf-facade__play" aria-label="Play video: Kiln"></button>' +
      `<template class="sf-facade__embed">${PLAYER}<script>window.ran = true</script></template></div></figure>`;
    startFacades(document, {});
    expect(document.querySelector('iframe')).toBeNull();
    document.querySelector<HTMLButtonElement>('.sf-facade__play')?.click();
    expect(document.querySelector('.sf-facade iframe')?.getAttribute('title')).toBe('Kiln');
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
  });
});
