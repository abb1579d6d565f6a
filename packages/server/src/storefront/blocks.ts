/**
 * `<squarespace:block-field>` (template-format §2.8): a field's layout blocks (docs/blocks.md) as the
 * platform writes them, `div.sqs-layout > .row.sqs-row > .col > .sqs-block.<type>-block`. Pure: the
 * products and lists that product and summary blocks show are loaded with the page, as the data of
 * `query` tags (`blockDataTags`), before anything renders.
 */
import { message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { escapeHtml } from '../platform/http/html.ts';
import { BLOCK_TYPES, type Block, type BlockFields, type BlockImage } from '../platform/site/blocks.ts';
import type { Json } from '../platform/site/types.ts';
import type { Compiled, TemplateEngine } from './engine.ts';
import { extractPlatformTags, type PlatformTag, type TagBodies } from '../platform/site/platform-tags.ts';

/** What rendering a block field needs from the page. */
export interface BlockFieldDeps {
  /** Renders a JSON-T template (the platform's helpers: image, product-price, add-to-cart-btn). */
  render(template: string, context: Json): string;
  /** The loaded items of a block's data tag; undefined when they were not loaded yet. */
  items(tag: PlatformTag): Json[] | undefined;
  /** The page's root context (product blocks render their button with it). */
  root: Json;
}

/** The blocks of field `id`: the page's item's, else its collection's. */
export function blocksOf(root: Json, fieldId: string): Block[] {
  for (const owner of [root.item, root.collection]) {
    const fields = (owner as { blockFields?: BlockFields } | undefined)?.blockFields;
    const blocks = fields?.[fieldId];
    if (blocks) return blocks;
  }
  return [];
}

/** The `query` tags whose data the blocks show (product and summary blocks), loaded like the page's own. */
export function blockDataTags(blocks: readonly Block[]): PlatformTag[] {
  const tags: PlatformTag[] = [];
  for (const block of blocks) {
    const tag = dataTagOf(block);
    if (tag) tags.push(tag);
  }
  return tags;
}

function dataTagOf(block: Block): PlatformTag | undefined {
  if (block.type === 'product')
    return { name: 'query', attrs: { collection: block.collection, item: block.item }, body: null };
  if (block.type === 'summary')
    return { name: 'query', attrs: { collection: block.collection, limit: String(block.limit) }, body: null };
  return undefined;
}

/**
 * The field's HTML, or the data tags still missing (the caller loads them and renders again). A
 * field without blocks still writes its outer div, which templates and scripts may target.
 */
export function renderBlockField(
  attrs: { id: string; className?: string | undefined },
  blocks: readonly Block[],
  deps: BlockFieldDeps,
): { html: string; missing: PlatformTag[] } {
  const classes = ['sqs-layout', 'sqs-grid-12', 'columns-12', attrs.className ?? '']
    .filter(Boolean)
    .join(' ');
  const missing: PlatformTag[] = [];
  let inner = '';
  for (const block of blocks) {
    const tag = dataTagOf(block);
    const items = tag ? deps.items(tag) : [];
    if (items === undefined) {
      missing.push(tag as PlatformTag);
      continue;
    }
    inner += blockHtml(block, items, deps);
  }
  const row = inner
    ? `<div class="row sqs-row"><div class="col sqs-col-12 span-12">${inner}</div></div>`
    : '';
  return {
    html: `<div class="${escapeHtml(classes)}" data-type="block-field" id="${escapeHtml(attrs.id)}">${row}</div>`,
    missing,
  };
}

function blockHtml(block: Block, items: Json[], deps: BlockFieldDeps): string {
  const { number, className } = BLOCK_TYPES[block.type];
  // The island reads a gallery's images and options from here; other blocks say only what they are.
  const json =
    block.type === 'gallery' ? { blockType: number, ...block } : { blockType: number, type: block.type };
  return (
    `<div class="sqs-block ${className}-block sqs-block-${className} sf-block-${block.type}" data-block-type="${number}" ` +
    `id="block-${escapeHtml(block.id)}" data-block-json="${escapeHtml(JSON.stringify(json))}">` +
    `<div class="sqs-block-content">${contentHtml(block, items, deps)}</div></div>`
  );
}

const IMAGE = '{@|image}';
/*
 * The product block offers its variants as the helper's select: the helper's radio labels are
 * `role="button"`, a role a label may not have (and a second control for the same choice), so
 * `variant-style-select` hides them, as a template's select style does (web/src/blocks.css). Its
 * title is an h2: the block may come right under the page's h1 (a post's first block), and an h2
 * never skips a heading level.
 */
const PRODUCT =
  '{.section item}<div class="sf-product-block variant-style-select" data-item-id="{id|htmlattr}"><a class="sf-product-block__link" href="{fullUrl|htmlattr}">' +
  '{.main-image?}<div class="sf-product-block__image">{@|image}</div>{.end}' +
  '<h2 class="sf-product-block__title">{title}</h2></a>{@|product-price}{@|variants-select}{@|add-to-cart-btn}</div>{.end}';
const SUMMARY =
  '<ul class="summary-item-list">{.repeated section items}<li class="summary-item">' +
  '<a class="summary-title-link" href="{fullUrl|htmlattr}">{.main-image?}<span class="summary-thumbnail">{@|image}</span>{.end}' +
  '<span class="summary-title">{title}</span></a>{.section excerpt}<div class="summary-excerpt">{@}</div>{.end}</li>{.end}</ul>';

/**
 * The product and summary blocks' thumbnails sit inside the link, next to the title that names it:
 * an alt repeating the title is said twice by a screen reader, so they are decorative (alt=""). The
 * image helper takes an image block's alt from its `altText` (core's altTextOf), which items lack.
 */
const DECORATIVE_THUMBNAILS = { blockType: BLOCK_TYPES.image.number };

function imageHtml(image: BlockImage, id: string, deps: BlockFieldDeps): string {
  // Block type 5: the image helper's alt text is the image's altText (core's altTextOf).
  return deps.render(IMAGE, { ...image, id, blockType: BLOCK_TYPES.image.number });
}

function contentHtml(block: Block, items: Json[], deps: BlockFieldDeps): string {
  switch (block.type) {
    case 'text':
      // The owner's own HTML, as a page's mainContent is.
      return `<div class="sqs-html-content">${block.html}</div>`;
    case 'heading':
      return `<div class="sqs-html-content"><h${block.level}>${escapeHtml(block.text)}</h${block.level}></div>`;
    case 'image': {
      const img = imageHtml(block.image, block.id, deps);
      const linked = block.link ? `<a href="${escapeHtml(block.link)}">${img}</a>` : img;
      const caption = block.caption
        ? `<figcaption class="image-caption">${escapeHtml(block.caption)}</figcaption>`
        : '';
      return `<figure class="sqs-block-image-figure">${linked}${caption}</figure>`;
    }
    case 'gallery':
      return galleryHtml(block, deps);
    case 'video':
    case 'embed':
      return facadeHtml(block, deps);
    case 'audio': {
      const by = block.author ? ` <span class="sf-audio__author">${escapeHtml(block.author)}</span>` : '';
      const src = escapeHtml(block.assetUrl);
      return (
        `<figure class="sf-audio"><figcaption class="sf-audio__title">${escapeHtml(block.title)}${by}</figcaption>` +
        `<audio controls preload="none" src="${src}"><a href="${src}">${escapeHtml(block.title)}</a></audio></figure>`
      );
    }
    case 'quote': {
      const source = block.source
        ? `<figcaption class="source">${escapeHtml(block.source)}</figcaption>`
        : '';
      return `<figure class="sf-quote"><blockquote><p>${escapeHtml(block.text)}</p></blockquote>${source}</figure>`;
    }
    case 'button':
      return (
        `<div class="sqs-block-button-container sqs-block-button-container--${block.alignment}">` +
        `<a class="sqs-block-button-element sqs-block-button-element--${block.size} sqs-button-element--primary" ` +
        `href="${escapeHtml(block.url)}">${escapeHtml(block.label)}</a></div>`
      );
    case 'form':
      return formHtml(block.formId, '');
    case 'newsletter': {
      const description = block.description
        ? `<p class="newsletter-form-header-description">${escapeHtml(block.description)}</p>`
        : '';
      return (
        `<div class="newsletter-form-wrapper"><h2 class="newsletter-form-header-title">${escapeHtml(block.title)}</h2>` +
        `${description}${formHtml(block.formId, block.title)}</div>`
      );
    }
    case 'product': {
      const item = items[0];
      return item ? deps.render(PRODUCT, { ...deps.root, item, ...DECORATIVE_THUMBNAILS }) : '';
    }
    case 'summary': {
      const title = block.title ? `<h2 class="summary-heading">${escapeHtml(block.title)}</h2>` : '';
      return `<div class="summary-v2 summary-block-collection-type-${block.design}">${title}${deps.render(SUMMARY, { items, ...DECORATIVE_THUMBNAILS })}</div>`;
    }
    case 'code': {
      const language = block.language ? ` class="language-${escapeHtml(block.language)}"` : '';
      return `<pre class="source-code"><code${language}>${escapeHtml(block.code)}</code></pre>`;
    }
    case 'spacer':
      return `<div class="sf-spacer sf-spacer--${block.size}" aria-hidden="true"></div>`;
  }
}

/** The forms capability mounts the form here (web/src/forms); until then, or without JavaScript, a line says what it is. */
function formHtml(formId: string, label: string): string {
  const id = escapeHtml(formId);
  const fallback = label ? `<p>${escapeHtml(label)}</p>` : '';
  return `<div class="sf-form" id="form-${id}" data-form-id="${id}"><div class="sf-form__fallback">${fallback}</div></div>`;
}

/**
 * A third-party player behind a click (docs/blocks.md): its HTML waits in an inert `<template>`,
 * so nothing of the provider loads until the visitor presses the button; without JavaScript the link
 * goes to the provider's page.
 */
function facadeHtml(block: Extract<Block, { type: 'video' | 'embed' }>, deps: BlockFieldDeps): string {
  const { oembed } = block;
  const ls = deps.root.localizedStrings as LocalizedStrings | undefined;
  const label = message(
    block.type === 'video' ? 'media.play-video' : 'media.load-embed',
    { title: oembed.title },
    ls,
  );
  const poster =
    block.type === 'video' && block.poster ? imageHtml(block.poster, `${block.id}-poster`, deps) : '';
  const caption =
    block.type === 'video' && block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : '';
  return (
    `<figure class="sf-${block.type}"><div class="sf-facade" data-provider-name="${escapeHtml(oembed.providerName)}">` +
    `${poster}<button type="button" class="sf-facade__play" aria-label="${escapeHtml(label)}">` +
    `<span class="sf-facade__label">${escapeHtml(oembed.title)}</span></button>` +
    `<template class="sf-facade__embed">${oembed.html}</template></div>` +
    `<a class="sf-facade__link" href="${escapeHtml(block.url)}">${escapeHtml(`${oembed.title} (${oembed.providerName})`)}</a>` +
    `${caption}</figure>`
  );
}

/**
 * A gallery as a grid of images that works without JavaScript (each opens the image itself); the
 * gallery island (web/src/islands/gallery.tsx) turns it into its design, reading the block's JSON.
 */
function galleryHtml(block: Extract<Block, { type: 'gallery' }>, deps: BlockFieldDeps): string {
  const { options } = block;
  const newWindow = options.newWindow ? ' target="_blank" rel="noopener"' : '';
  // The box each image fills, as the island draws it: written here so nothing moves when the
  // images load or the island replaces this grid (layout shift).
  const boxRatio = (image: BlockImage) =>
    (options['auto-crop'] ? options['aspect-ratio'] : image.originalSize.replace('x', ':')).replace(
      ':',
      ' / ',
    );
  const ls = deps.root.localizedStrings as LocalizedStrings | undefined;
  const total = block.images.length;
  const figures = block.images
    .map((image, index) => {
      // An image without alt text would leave its link without a name: name it as the island does.
      const name = image.altText?.trim()
        ? ''
        : ` aria-label="${escapeHtml(message('gallery.open', { n: index + 1, total }, ls) + (image.title ? `: ${image.title}` : ''))}"`;
      const description = options['show-meta-only-title'] ? undefined : image.description;
      const meta =
        options['show-meta'] && (image.title || description)
          ? `<figcaption class="sf-gallery__meta">${image.title ? `<span class="sf-gallery__title">${escapeHtml(image.title)}</span>` : ''}` +
            `${description ? `<span class="sf-gallery__description">${escapeHtml(description)}</span>` : ''}</figcaption>`
          : '';
      return (
        `<li class="sf-gallery__item"><figure class="sf-gallery__frame"><a class="sf-gallery__open" href="${escapeHtml(image.assetUrl)}"${newWindow}${name} style="aspect-ratio: ${boxRatio(image)}">` +
        `${imageHtml(image, `${block.id}-${index}`, deps)}</a>${meta}</figure></li>`
      );
    })
    .join('');
  // Spec §3's layout options as classes and CSS properties (web/src/blocks.css reads them).
  const modifiers = [
    options['square-thumbs'] ? ' sf-gallery--square-thumbs' : '',
    options['show-meta-on-hover'] ? ' sf-gallery--meta-hover' : '',
    options['show-meta-basic'] ? ' sf-gallery--meta-basic' : '',
    options.transparentBackground ? ' sf-gallery--transparent' : '',
    ` sf-gallery--align-${options['active-alignment']}`,
  ].join('');
  const layout =
    `--sf-gallery-padding: ${options.padding}px; --sf-gallery-columns: ${options['thumbnails-per-row']}; ` +
    `--sf-gallery-max-width: ${options['max-width']}px; --sf-gallery-strip-height: ${options['thumbnail-strip-height']}px; ` +
    `--sf-gallery-strip-margin: ${options['thumbnail-strip-margin']}px`;
  return (
    `<section class="sf-gallery sqs-gallery-design-${options.design} sf-gallery--aspect-${options['aspect-ratio'].replace(':', '-')}${modifiers}" ` +
    `style="${layout}" aria-label="${escapeHtml(block.title)}" data-gallery-design="${options.design}">` +
    `<ul class="sf-gallery__grid">${figures}</ul>${galleryControlsSpace(block, deps)}</section>`
  );
}

/**
 * The space of the controls and thumbnails the island draws under a slideshow or slider: the same
 * elements with the same texts, unseen and inert, so the page below stays where it is when the
 * island replaces them (layout shift). Without scripts nothing replaces them and they take no room
 * (web/src/blocks.css).
 */
function galleryControlsSpace(block: Extract<Block, { type: 'gallery' }>, deps: BlockFieldDeps): string {
  const { options, images } = block;
  if ((options.design !== 'slideshow' && options.design !== 'slider') || images.length < 2) return '';
  const ls = deps.root.localizedStrings as LocalizedStrings | undefined;
  const button = (className: string, key: MessageCode) =>
    `<button type="button" class="${className}" tabindex="-1">${escapeHtml(message(key, undefined, ls))}</button>`;
  const controls = options.controls
    ? `<div class="sf-gallery__controls">${button('sf-gallery__prev', 'gallery.previous')}` +
      `${options.autoplay ? button('sf-gallery__toggle', 'gallery.pause') : ''}${button('sf-gallery__next', 'gallery.next')}</div>`
    : '';
  const thumbnails = options.thumbnails
    ? `<ul class="sf-gallery__thumbnails">${images
        .map(
          () =>
            '<li><button type="button" class="sf-gallery__thumbnail" tabindex="-1"><span class="sf-gallery__image"></span></button></li>',
        )
        .join('')}</ul>`
    : '';
  return controls || thumbnails
    ? `<div class="sf-gallery__reserved" aria-hidden="true">${controls}${thumbnails}</div>`
    : '';
}

/** A page of blocks (a page collection with `blockFields` and no `mainContent`): its `main-content` field. */
export function blocksPageTemplate(
  engine: TemplateEngine,
  bodies: TagBodies,
): { compiled: Compiled; source: string } {
  const source = extractPlatformTags(
    '<div class="sf-blocks-page"><h1 class="sf-blocks-page__title">{collection.title}</h1>' +
      '<squarespace:block-field id="main-content" class="sf-blocks-page__content"/></div>',
    bodies,
  );
  return { compiled: engine.compile(source), source };
}
