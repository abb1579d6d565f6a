// @vitest-environment happy-dom
/**
 * The image loader on the `image` helper's own markup (rendered by the engine with core's plugin,
 * as the server renders it): without JavaScript the noscript image shows; with it, each image gets
 * a src, a srcset of the image service's widths, sizes, its dimensions and lazy loading below the fold.
 */
import { createEngine } from '@storefront/jsont';
import { platformPlugin } from '@storefront/core';
import { afterEach, describe, expect, test } from 'vitest';
import { loadImages, PENDING_IMAGE_SELECTOR } from './images.ts';

const engine = createEngine({ plugins: [platformPlugin] });

const image = (assetUrl: string, originalSize: string) =>
  engine.render('{@|image}', {
    id: 'img-1',
    title: 'A kiln',
    assetUrl,
    originalSize,
    mediaFocalPoint: { x: 0.3, y: 0.7 },
  }).output;

afterEach(() => {
  document.body.innerHTML = '';
});

/** Lays `img` out `top` pixels down the page, `width` wide (happy-dom does no layout of its own). */
function placeAt(img: Element, top: number, width: number) {
  img.getBoundingClientRect = () =>
    ({ top, width, height: 0, left: 0, right: width, bottom: top }) as DOMRect;
}

describe('the image loader', () => {
  test('the helper markup shows its noscript image and leaves the other without src until loaded', () => {
    document.body.innerHTML = image('/media/kiln.jpg', '1200x800');
    expect(document.querySelector('noscript')?.innerHTML).toContain('<img src="/media/kiln.jpg"');
    expect(document.querySelectorAll(PENDING_IMAGE_SELECTOR)).toHaveLength(1);
  });

  test('gives each image its src, srcset of the service, sizes, dimensions; eager in view, lazy below', () => {
    document.body.innerHTML = `<div>${image('/media/kiln.jpg', '1200x800')}</div><div>${image('/media/pots.png', '3000x2000')}</div>`;
    const [first, second] = document.querySelectorAll<HTMLImageElement>('img.thumb-image');
    placeAt(first as Element, 10, 400);
    placeAt(second as Element, 5000, 640);
    loadImages(document);

    expect(first?.getAttribute('src')).toBe('/media/kiln.jpg?format=500w');
    expect(first?.getAttribute('srcset')).toBe(
      '/media/kiln.jpg?format=100w 100w, /media/kiln.jpg?format=300w 300w, /media/kiln.jpg?format=500w 500w, ' +
        '/media/kiln.jpg?format=750w 750w, /media/kiln.jpg?format=1000w 1000w, /media/kiln.jpg?format=original 1200w',
    );
    expect(first?.getAttribute('sizes')).toBe('400px');
    expect([first?.getAttribute('width'), first?.getAttribute('height')]).toEqual(['1200', '800']);
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('decoding')).toBe('async');
    // What templates read stays.
    expect(first?.dataset.src).toBe('/media/kiln.jpg');
    expect(first?.dataset.imageFocalPoint).toBe('0.3,0.7');

    expect(second?.getAttribute('src')).toBe('/media/pots.png?format=750w');
    expect(second?.getAttribute('srcset')).toContain('/media/pots.png?format=2500w 2500w');
    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(document.querySelectorAll(PENDING_IMAGE_SELECTOR)).toHaveLength(0);
  });

  test("an SVG or another site's image is used as it is, with no srcset", () => {
    document.body.innerHTML =
      image('/media/logo.svg', '100x40') + image('https://cdn.example/a.jpg', '800x600');
    loadImages(document);
    const [svg, remote] = document.querySelectorAll<HTMLImageElement>('img.thumb-image');
    expect(svg?.getAttribute('src')).toBe('/media/logo.svg');
    expect(svg?.hasAttribute('srcset')).toBe(false);
    expect(remote?.getAttribute('src')).toBe('https://cdn.example/a.jpg');
    expect([remote?.getAttribute('width'), remote?.getAttribute('height')]).toEqual(['800', '600']);
  });
});

describe('focal points', () => {
  test('an image with the focal point staff set is cropped around it; a malformed one keeps the template’s', () => {
    document.body.innerHTML = [
      '<img id="set" src="/media/a.jpg" data-image-focal-point="0.25,0.8">',
      '<img id="bad" src="/media/b.jpg" data-image-focal-point="2,x">',
      '<img id="none" src="/media/c.jpg">',
    ].join('');
    loadImages(document);
    const position = (id: string) => (document.getElementById(id) as HTMLImageElement).style.objectPosition;
    expect(position('set')).toBe('25% 80%');
    expect(position('bad')).toBe('');
    expect(position('none')).toBe('');
  });
});
