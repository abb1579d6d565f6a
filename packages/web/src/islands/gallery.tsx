/**
 * The gallery island (docs/blocks.md): a gallery block's server markup is a grid of images that
 * works without JavaScript; this turns it into its design (grid, slideshow, slider, stacked) with
 * the spec's options, read from the block's `data-block-json`. Arrow keys and swipes move between
 * images, each change is announced, an autoplaying slideshow pauses on hover, on focus, for reduced
 * motion and by its own button, and the lightbox is the site's (modal.tsx: focus kept inside,
 * Escape closes, the page does not scroll).
 */
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { message, type LocalizedStrings } from '../core.ts';
import { isResizableMedia } from '@storefront/core/content';
import { srcsetFor } from '../images.ts';
import { openModal } from '../modal.tsx';
import { GALLERY_SELECTOR } from './markers.ts';
import './gallery.css';

interface GalleryImage {
  assetUrl: string;
  originalSize: string;
  altText?: string;
  title?: string;
  description?: string;
}

interface GalleryOptions {
  design: 'grid' | 'slideshow' | 'slider' | 'stacked';
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': string;
  thumbnails: boolean;
  'show-meta': boolean;
  'meta-position': string;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
}

interface GalleryBlock {
  id: string;
  title: string;
  images: GalleryImage[];
  options: GalleryOptions;
}

/** How far a finger travels sideways before it counts as a swipe. */
const SWIPE_PX = 40;

const wrap = (index: number, total: number) => (index + total) % total;

function Picture({ image, sizes, eager }: { image: GalleryImage; sizes: string; eager?: boolean }) {
  const [width, height] = image.originalSize.split('x').map(Number);
  const resizable = isResizableMedia(image.assetUrl);
  return (
    <img
      className="sf-gallery__image"
      src={resizable ? `${image.assetUrl}?format=1000w` : image.assetUrl}
      srcSet={resizable ? srcsetFor(image.assetUrl, width) : undefined}
      sizes={resizable ? sizes : undefined}
      width={width}
      height={height}
      alt={image.altText ?? image.title ?? ''}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

function Meta({ image }: { image: GalleryImage }) {
  if (!image.title && !image.description) return null;
  return (
    <figcaption className="sf-gallery__meta">
      {image.title ? <span className="sf-gallery__title">{image.title}</span> : null}
      {image.description ? <span className="sf-gallery__description">{image.description}</span> : null}
    </figcaption>
  );
}

/** Left and right arrows, and swipes, as previous and next. */
function useStepper(total: number, initial = 0) {
  const [index, setIndex] = useState(initial);
  const startX = useRef<number | null>(null);
  const go = (to: number) => setIndex(wrap(to, total));
  const handlers = {
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(index - 1);
      else if (event.key === 'ArrowRight') go(index + 1);
      else return;
      event.preventDefault();
    },
    onPointerDown: (event: { clientX: number }) => {
      startX.current = event.clientX;
    },
    onPointerUp: (event: { clientX: number }) => {
      if (startX.current === null) return;
      const dx = event.clientX - startX.current;
      startX.current = null;
      if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? index + 1 : index - 1);
    },
  };
  return { index, go, handlers };
}

function LightboxView({ block, start, ls }: { block: GalleryBlock; start: number; ls: LocalizedStrings }) {
  const total = block.images.length;
  const { index, go, handlers } = useStepper(total, start);
  const image = block.images[index] as GalleryImage;
  return (
    <div className="sf-gallery-lightbox__body" {...handlers}>
      <figure className="sf-gallery-lightbox__figure">
        <Picture image={image} sizes="90vw" eager />
        <Meta image={image} />
      </figure>
      <p className="sf-gallery__status" aria-live="polite">
        {message('gallery.slide', { n: index + 1, total }, ls)}
      </p>
      {total > 1 ? (
        <div className="sf-gallery__controls">
          <button type="button" className="sf-gallery__prev" onClick={() => go(index - 1)}>
            {message('gallery.previous', undefined, ls)}
          </button>
          <button type="button" className="sf-gallery__next" onClick={() => go(index + 1)}>
            {message('gallery.next', undefined, ls)}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Gallery({ block, ls }: { block: GalleryBlock; ls: LocalizedStrings }) {
  const { options, images } = block;
  const total = images.length;
  const { index, go, handlers } = useStepper(total);
  const reducedMotion =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [playing, setPlaying] = useState(options.autoplay && !reducedMotion);
  const [held, setHeld] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const single = options.design === 'slideshow' || options.design === 'slider';

  useEffect(() => {
    if (!single || !playing || held || total < 2) return;
    const timer = setTimeout(() => go(index + 1), options['autoplay-duration'] * 1000);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    if (options.design !== 'slider') return;
    const active = root.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const track = active?.parentElement;
    if (!active || !track) return;
    // The strip scrolls to centre the slide, never the page: scrollIntoView would also move the
    // page to the slider, as soon as it mounts.
    track.scrollTo?.({
      left: active.offsetLeft - track.offsetLeft - (track.clientWidth - active.offsetWidth) / 2,
      behavior: reducedMotion ? 'auto' : 'smooth',
    });
  }, [index, options.design, reducedMotion]);

  const openLightbox = (at: number, from: HTMLElement) => {
    const doc = from.ownerDocument;
    openModal(doc, {
      title: block.title,
      className: `sf-gallery-lightbox sf-gallery-lightbox--${options.lightboxTheme}`,
      ls,
      returnFocus: from,
      render: () => <LightboxView block={block} start={at} ls={ls} />,
    });
  };

  const crop = options['auto-crop'] ? ' sf-gallery--crop' : '';
  const classes = `sf-gallery__island sf-gallery--${options.design} sf-gallery--meta-${options['meta-position']}${crop}`;
  // The image's box, not the figure, keeps the ratio: the caption below it stays in view, and the
  // box is the one the server's grid drew (render/blocks.ts), so mounting moves nothing.
  const boxStyle = (image: GalleryImage) => ({
    aspectRatio: (options['auto-crop']
      ? options['aspect-ratio']
      : image.originalSize.replace('x', ':')
    ).replace(':', ' / '),
  });

  const figure = (image: GalleryImage, at: number) => {
    const inner = (
      <Picture image={image} sizes={single ? '100vw' : '(min-width: 48em) 33vw, 100vw'} eager={at === 0} />
    );
    const label = message('gallery.open', { n: at + 1, total }, ls) + (image.title ? `: ${image.title}` : '');
    return (
      <figure className="sf-gallery__frame">
        {options.lightbox ? (
          <button
            type="button"
            className="sf-gallery__open"
            style={boxStyle(image)}
            aria-label={label}
            onClick={(event) => openLightbox(at, event.currentTarget)}
          >
            {inner}
          </button>
        ) : (
          <div className="sf-gallery__picture" style={boxStyle(image)}>
            {inner}
          </div>
        )}
        {options['show-meta'] ? <Meta image={image} /> : null}
      </figure>
    );
  };

  if (!single)
    return (
      <div ref={root} className={classes}>
        <ul className="sf-gallery__grid">
          {images.map((image, at) => (
            <li className="sf-gallery__item" key={at}>
              {figure(image, at)}
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div
      ref={root}
      className={classes}
      role="group"
      aria-roledescription="carousel"
      aria-label={block.title}
      tabIndex={0}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      {...handlers}
    >
      <div className="sf-gallery__track" aria-live={playing && !held ? 'off' : 'polite'}>
        {images.map((image, at) => (
          <div
            className={`sf-gallery__slide${at === index ? ' sf-gallery__slide--active' : ''}`}
            key={at}
            data-index={at}
            role="group"
            aria-roledescription="slide"
            aria-label={message('gallery.slide', { n: at + 1, total }, ls)}
            hidden={options.design === 'slideshow' && at !== index}
            aria-current={at === index || undefined}
          >
            {figure(image, at)}
          </div>
        ))}
      </div>
      {options.controls && total > 1 ? (
        <div className="sf-gallery__controls">
          <button type="button" className="sf-gallery__prev" onClick={() => go(index - 1)}>
            {message('gallery.previous', undefined, ls)}
          </button>
          {options.autoplay ? (
            <button
              type="button"
              className="sf-gallery__toggle"
              aria-pressed={!playing}
              onClick={() => setPlaying(!playing)}
            >
              {message(playing ? 'gallery.pause' : 'gallery.play', undefined, ls)}
            </button>
          ) : null}
          <button type="button" className="sf-gallery__next" onClick={() => go(index + 1)}>
            {message('gallery.next', undefined, ls)}
          </button>
        </div>
      ) : null}
      {options.thumbnails && total > 1 ? (
        <ul className="sf-gallery__thumbnails" aria-label={message('gallery.thumbnails', undefined, ls)}>
          {images.map((image, at) => (
            <li key={at}>
              <button
                type="button"
                className="sf-gallery__thumbnail"
                aria-label={message('gallery.slide', { n: at + 1, total }, ls)}
                aria-current={at === index || undefined}
                onClick={() => go(at)}
              >
                <Picture image={image} sizes="6rem" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Mounts every gallery of `doc` not mounted yet, in place of its server grid. */
export function mountGalleries(doc: Document, ls: LocalizedStrings): void {
  for (const section of doc.querySelectorAll<HTMLElement>(GALLERY_SELECTOR)) {
    if (section.dataset.galleryReady) continue;
    const json = section.closest('[data-block-json]')?.getAttribute('data-block-json');
    let block: GalleryBlock;
    try {
      block = JSON.parse(json ?? '') as GalleryBlock;
    } catch {
      continue;
    }
    if (!Array.isArray(block.images) || block.images.length === 0 || !block.options) continue;
    section.dataset.galleryReady = 'true';
    createRoot(section).render(<Gallery block={block} ls={ls} />);
  }
}
