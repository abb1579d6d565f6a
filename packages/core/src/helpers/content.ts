/**
 * Content formatters and predicates (spec/jsont.md sections 11.3, 12, 16): images, item classes,
 * audio, video, durations; the predicates that read items, collections and gallery options.
 */
import {
  asArray,
  asBoolean,
  asNumber,
  asString,
  escapeHtmlAttr,
  isObject,
  path,
  prop,
  isTruthy,
} from '../json.ts';
import {
  altTextOf,
  colorWeight,
  websiteColor,
  focalPointOf,
  humanizeDuration,
  isHtmlEmpty,
  isResizableMedia,
  itemClasses,
  mediaSrcset,
  originalWidthOf,
  splitDimensions,
  srcsetOf,
  thumbnailSizeForWidth,
} from '../content.ts';
import type { FormatterImpl, PredicateImpl, RenderContext } from './api.ts';
import * as T from './templates.ts';
import { emit } from './util.ts';

/** The image-meta attribute string, each attribute followed by a space (spec/jsont.md 16). */
const imageMeta = (image: unknown, ctx: RenderContext, preferredAlt?: string): string => {
  if (image === undefined) return '';
  const componentKey = prop(image, 'componentKey');
  const assetUrl = asString(prop(image, 'assetUrl'));
  const alt = escapeHtmlAttr(preferredAlt ?? altTextOf(image, ctx.lookup('blockType')));
  let res = '';
  if (isObject(prop(image, 'licensedAssetPreview'))) res += 'data-licensed-asset-preview="true" ';
  if (componentKey !== undefined) res += `data-component-key="${asString(componentKey)}" `;
  res += `data-src="${assetUrl}" `;
  res += `data-image="${assetUrl}" `;
  res += `data-image-dimensions="${asString(prop(image, 'originalSize'))}" `;
  res += `data-image-focal-point="${focalPointOf(image)}" `;
  res += `alt="${alt}" `;
  return res;
};

const image: FormatterImpl = (item, args, ctx) => {
  const cls = args.length === 1 ? (args[0] as string) : 'thumb-image';
  // The reference escapes the alt text here and again inside image-meta (spec/jsont.md 16).
  const alt = escapeHtmlAttr(altTextOf(item, ctx.lookup('blockType')));
  const assetUrl = asString(prop(item, 'assetUrl'));
  // Without scripts no loader sizes the image: the site's own uploads still come at a phone's width.
  const srcset = isResizableMedia(assetUrl)
    ? ` srcset="${mediaSrcset(assetUrl, originalWidthOf(item))}" sizes="100vw"`
    : '';
  return (
    `<noscript><img src="${assetUrl}"${srcset} alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMeta(item, ctx, alt)}` +
    `data-load="false" data-image-id="${asString(prop(item, 'id'))}" data-type="image" />`
  );
};

const VIDEO_COLORS: ReadonlyArray<readonly [string, string]> = [
  ['topleft', 'topLeftAverage'],
  ['topright', 'topRightAverage'],
  ['bottomleft', 'bottomLeftAverage'],
  ['bottomright', 'bottomRightAverage'],
  ['center', 'centerAverage'],
];

const video: FormatterImpl = (item, args) => {
  const oembed = prop(item, 'oembed');
  const colorData = prop(item, 'colorData');
  const loadFalse = args.includes('load-false');
  const useColorData = args.includes('color-data');
  let res = '<div class="sqs-video-wrapper" ';
  if (loadFalse) res += ' data-load="false" ';
  res += `data-html="${escapeHtmlAttr(asString(prop(oembed, 'html')))}" data-provider-name="${asString(prop(oembed, 'providerName'))}">`;
  if (isTruthy(prop(item, 'overlay'))) {
    res += '<div class="sqs-video-overlay';
    if (isTruthy(prop(item, 'mainImageId')) || isTruthy(prop(item, 'systemDataId'))) {
      res += '" style="opacity: 0;">';
      res += `<img data-load="false" data-src="${asString(prop(item, 'assetUrl'))}" `;
      res += `data-image-dimensions="${asString(prop(item, 'originalSize'))}" `;
      res += `data-image-focal-point="${focalPointOf(item)}" `;
      if (useColorData && isTruthy(colorData)) {
        for (const [name, key] of VIDEO_COLORS)
          res += `data-color-${name}="#${asString(prop(colorData, key))}" `;
      }
      res += '/>';
    } else {
      res += ' no-thumb" style="opacity: 0;">';
    }
    res += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return res + '</div>';
};

const IMAGE_COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'];

const imageColor: FormatterImpl = (item, args) => {
  const colorData = prop(item, 'colorData');
  if (colorData === undefined) return undefined;
  const [key, property] = args;
  if (key !== undefined) {
    const color = asString(prop(colorData, `${key}Average`));
    if (color.length === 0) return `"${key}" not found.`;
    return `${property !== undefined ? `${property}: ` : ''}#${color}`;
  }
  return IMAGE_COLOR_POSITIONS.map(
    (k) => `data-color-${k}="#${asString(prop(colorData, `${k}Average`))}" `,
  ).join('');
};

const resize = (size: unknown, resizeWidth: boolean, requested: number): number | string => {
  const parts = splitDimensions(size);
  if (!parts) return "Invalid source parameter. Pass in 'originalSize'";
  const width = parseInt(parts[0], 10);
  const height = parseInt(parts[1], 10);
  const value = resizeWidth ? width * (requested / height) : height * (requested / width);
  return value | 0;
};

export const CONTENT_FORMATTERS: Readonly<Record<string, FormatterImpl>> = {
  AbsUrl: (value, _args, ctx) => `${asString(ctx.lookup('base-url'))}/${asString(value)}`,
  'audio-player': (item, _args, ctx) =>
    ctx.renderTemplate(T.AUDIO_PLAYER, {
      audioAssetUrl: emit(path(item, 'structuredContent', 'audioAssetUrl')),
      id: emit(prop(item, 'id')),
    }),
  'child-image-meta': (item, args, ctx) =>
    imageMeta(path(item, 'items', String(args.length === 0 ? 0 : parseInt(args[0] as string, 10))), ctx),
  'color-weight': (value) => colorWeight(asString(value)),
  'website-color': (value) => websiteColor(value),
  'cover-image-meta': (item, _args, ctx) => imageMeta(prop(item, 'coverImage'), ctx),
  height: (value) => {
    const parts = splitDimensions(value);
    return parts ? parseInt(parts[1], 10) : undefined;
  },
  width: (value) => {
    const parts = splitDimensions(value);
    return parts ? parseInt(parts[0], 10) : undefined;
  },
  humanizeDuration: (value) => humanizeDuration(asNumber(value)),
  image,
  'image-color': imageColor,
  'image-meta': (item, _args, ctx) => imageMeta(item, ctx),
  'image-srcset': (item) => {
    if (item === undefined) return undefined;
    const srcset = srcsetOf(item);
    return srcset === undefined ? item : ` srcset="${srcset}"`;
  },
  'item-classes': (item, _args, ctx) =>
    itemClasses(item, {
      promotedBlockType: ctx.lookup('promotedBlockType'),
      categories: ctx.lookup('categories'),
      tags: ctx.lookup('tags'),
      author: ctx.lookup('author'),
      recordTypeLabel: ctx.lookup('recordTypeLabel'),
      index: ctx.lookup('@index'),
      starred: ctx.lookup('starred'),
    }),
  resizedHeightForWidth: (value, args) => resize(value, false, parseInt(args[0] ?? '', 10)),
  resizedWidthForHeight: (value, args) => resize(value, true, parseInt(args[0] ?? '', 10)),
  squarespaceThumbnailForWidth: (_value, args) => thumbnailSizeForWidth(parseInt(args[0] ?? '', 10)),
  squarespaceThumbnailForHeight: (value, args) => {
    const r = resize(value, true, parseInt(args[0] ?? '', 10));
    return typeof r === 'number' ? thumbnailSizeForWidth(r) : r;
  },
  video,
};

// ---------------------------------------------------------------------------------------------
// Predicates

const node = (ctx: RenderContext, ...keys: string[]) => path(ctx.node, ...keys);

const RECORD_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['undefined', -1],
  ['text', 1],
  ['audio', 7],
  ['store-item', 11],
  ['event', 12],
  ['binary', 15],
  ['css-asset', 16],
  ['tweak-asset', 17],
  ['digital-good', 18],
  ['attachment', 19],
  ['wordpress-export', 20],
  ['json-export', 21],
  ['site-search', 30],
  ['active-time', 31],
  ['tweet', 50],
  ['checkin', 52],
  ['kbarticle', 54],
];

const PROMOTED_RECORD_TYPES: ReadonlyArray<readonly [string, number, string]> = [
  ['external-video', 8, 'video'],
  ['video', 8, 'video'],
  ['image', 2, 'image'],
  ['quote', 4, 'quote'],
  ['link', 5, 'link'],
  ['gallery', 14, 'gallery'],
];

const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
];

const BACKGROUND_SOURCES: ReadonlyArray<readonly [string, number]> = [
  ['undefined', -1],
  ['upload', 1],
  ['instagram', 2],
  ['video', 3],
  ['none', 4],
];

const GALLERY_SELECTS: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['design', 'design', ['grid', 'slideshow', 'slider', 'stacked']],
  [
    'meta-position',
    'meta-position',
    ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
  ],
  ['active-alignment', 'active-alignment', ['center', 'left', 'right']],
];

const GALLERY_BOOLEANS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
];

/** Slide types for `current-type?` (the reference's enum). */
const SLIDE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

const sizeOf = (v: unknown): number =>
  Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0;

const utcDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${d.getUTCMonth()}-${d.getUTCDate()}`;
};

const predicates: Record<string, PredicateImpl> = {
  'calendar-view?': (_a, ctx) => asBoolean(ctx.lookup('calendarView')),
  'child-images?': (_a, ctx) => {
    const first = asArray(node(ctx, 'items'))[0];
    return (
      first !== undefined && (isTruthy(prop(first, 'mainImageId')) || isTruthy(prop(first, 'systemDataId')))
    );
  },
  'clickable?': (_a, ctx) => {
    const fb = ctx.lookup('folderBehavior');
    if (fb === undefined) return true;
    const t = asNumber(fb);
    return t === 1 || t === 2;
  },
  'collection?': (_a, ctx) => isTruthy(node(ctx, 'collection')),
  'collection-page?': (_a, ctx) => {
    const t = node(ctx, 'collection', 'type');
    return t !== undefined && asNumber(t) === 10;
  },
  'collection-template-page?': (_a, ctx) => {
    const collection = node(ctx, 'collection');
    const t = collection === undefined ? node(ctx, 'type') : prop(collection, 'type');
    return t !== undefined && asNumber(t) === 7;
  },
  'collectionTypeNameEquals?': (args, ctx) => args.length > 0 && asString(ctx.lookup('typeName')) === args[0],
  'excerpt?': (_a, ctx) => {
    const excerpt = node(ctx, 'excerpt');
    const html = prop(excerpt, 'html');
    const text = typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '';
    return !isHtmlEmpty(text);
  },
  'external-link?': (_a, ctx) => isTruthy(node(ctx, 'externalLink')),
  'folder?': (_a, ctx) => isTruthy(node(ctx, 'collection', 'folder')),
  'gallery-meta?': (_a, ctx) =>
    isTruthy(ctx.lookup('options.controls')) || isTruthy(ctx.lookup('options.indicators')),
  'has-multiple?': (_a, ctx) => sizeOf(ctx.node) > 1,
  'index?': (_a, ctx) => {
    const collection = node(ctx, 'collection');
    if (!isObject(collection)) return false;
    return (
      isTruthy(collection.folder) &&
      typeof collection.folderBehavior === 'number' &&
      collection.folderBehavior === 1
    );
  },
  'location?': (_a, ctx) =>
    node(ctx, 'location', 'mapLat') !== undefined && node(ctx, 'location', 'mapLng') !== undefined,
  'main-image?': (_a, ctx) => isTruthy(node(ctx, 'mainImageId')) || isTruthy(node(ctx, 'systemDataId')),
  'passthrough?': (_a, ctx) => isTruthy(node(ctx, 'passthrough')) && asString(node(ctx, 'sourceUrl')) !== '',
  'redirect?': (_a, ctx) => asNumber(node(ctx, 'folderBehavior')) === 2,
  'same-day?': (_a, ctx) =>
    utcDay(asNumber(node(ctx, 'startDate'))) === utcDay(asNumber(node(ctx, 'endDate'))),
  'serviceNameEmail?': (_a, ctx) => asString(node(ctx, 'serviceName')) === 'email',
  'show-past-events?': (_a, ctx) => asString(node(ctx, 'showPastOrUpcomingEvents')) === 'past',
  'current-type?': (args, ctx) => {
    const code = SLIDE_TYPES[args[0] ?? ''];
    return code !== undefined && (asNumber(node(ctx, 'currentType')) | 0) === code;
  },
};

for (const [option, key, names] of GALLERY_SELECTS) {
  for (const name of names) {
    predicates[`gallery-${option}-${name}?`] = (_a, ctx) => {
      const v = prop(ctx.lookup('options'), key);
      return v !== undefined && asString(v) === name;
    };
  }
}
for (const option of GALLERY_BOOLEANS) {
  predicates[`gallery-${option}?`] = (_a, ctx) => asBoolean(prop(ctx.lookup('options'), option));
}
for (const [name, code] of RECORD_TYPES) {
  predicates[`${name}?`] = (_a, ctx) => asNumber(node(ctx, 'recordType')) === code;
}
for (const [name, code, block] of PROMOTED_RECORD_TYPES) {
  predicates[`${name}?`] = (_a, ctx) =>
    asNumber(node(ctx, 'recordType')) === code || asString(node(ctx, 'promotedBlockType')) === block;
}
for (const block of PROMOTED_BLOCK_TYPES) {
  predicates[`promoted${block.toUpperCase()}?`] = (_a, ctx) =>
    asString(node(ctx, 'promotedBlockType')) === block;
}
for (const [name, code] of BACKGROUND_SOURCES) {
  predicates[`background-source-${name}?`] = (_a, ctx) => asNumber(node(ctx, 'backgroundSource')) === code;
}

export const CONTENT_PREDICATES: Readonly<Record<string, PredicateImpl>> = predicates;
