/**
 * The image loader: the `image` helper writes what the platform writes (the reference engine pins
 * it): a `<noscript><img src>` for a browser without JavaScript, and an `<img data-src>` with its
 * dimensions and focal point for the platform's loader. This is that loader: each such image gets
 * its `src`, a `srcset` of the image service's widths (spec: 100w to 2500w, the original as the
 * next larger), `sizes` from the width it is laid out at, `width`/`height` from its dimensions,
 * lazy loading below the fold and asynchronous decoding.
 */
import { isResizableMedia, mediaSrcset, thumbnailSizeForWidth } from '@storefront/core/content';

/** The images the helper writes and no one has loaded yet. */
export const PENDING_IMAGE_SELECTOR = 'img[data-src]:not([src])';

function dimensionsOf(img: HTMLImageElement): { width: number; height: number } | undefined {
  const [width, height] = (img.dataset.imageDimensions ?? '').split('x').map(Number);
  return width && height && width > 0 && height > 0 ? { width, height } : undefined;
}

/** `srcset` of the widths below the original's, and the original itself as the next larger. */
export const srcsetFor = mediaSrcset;

/** Images whose template printed the focal point staff set (`x,y`, each 0 to 1). */
export const FOCAL_POINT_SELECTOR = 'img[data-image-focal-point]';

/**
 * A cropped image (object-fit: cover) keeps its focal point in view: the point staff picked in the
 * editor sets the image's object-position. A malformed value leaves the template's own.
 */
export function applyFocalPoints(doc: Document): void {
  for (const img of doc.querySelectorAll<HTMLImageElement>(FOCAL_POINT_SELECTOR)) {
    const [x, y] = (img.dataset.imageFocalPoint ?? '').split(',').map((part) => Number(part.trim()));
    const inRange = (n: number | undefined): n is number => n !== undefined && n >= 0 && n <= 1;
    if (inRange(x) && inRange(y)) img.style.objectPosition = `${round(x * 100)}% ${round(y * 100)}%`;
  }
}
const round = (percent: number) => Math.round(percent * 100) / 100;

/** Loads every pending image in `doc`: the ones already in view eagerly, the rest lazily. */
export function loadImages(doc: Document): void {
  applyFocalPoints(doc);
  const win = doc.defaultView;
  const viewportHeight = win?.innerHeight ?? 0;
  for (const img of doc.querySelectorAll<HTMLImageElement>(PENDING_IMAGE_SELECTOR)) {
    const url = img.dataset.src ?? '';
    if (url === '') continue;
    const size = dimensionsOf(img);
    if (size && !img.hasAttribute('width')) {
      img.setAttribute('width', String(size.width));
      img.setAttribute('height', String(size.height));
    }
    const box = img.getBoundingClientRect();
    const aboveFold = box.top < viewportHeight;
    img.loading = aboveFold ? 'eager' : 'lazy';
    img.decoding = 'async';
    if (isResizableMedia(url)) {
      // Laid out at the width of its box, or of its container while it has none of its own yet.
      const laidOut = Math.ceil(box.width || img.parentElement?.getBoundingClientRect().width || 0);
      img.sizes = laidOut > 0 ? `${laidOut}px` : '100vw';
      img.srcset = srcsetFor(url, size?.width);
      img.src = `${url}?format=${thumbnailSizeForWidth(laidOut || (size?.width ?? 1500))}`;
    } else {
      img.src = url;
    }
  }
}
