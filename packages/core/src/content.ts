/**
 * Content rules read by template helpers and islands (product spec sections 3, 4, 5 and 9): image
 * alt text, focal point, sizes and srcset steps, item classes, comment visibility and count text.
 */
import { asArray, asNumber, asString, isObject, prop, isTruthy } from './json.ts';
import { type LocalizedStrings, message } from './messages.ts';
import { isOnSale, isSoldOut, productOf } from './product.ts';

/** Body text used for alt text is cut to this many characters (spec section 9; the reference uses 250). */
export const ALT_TEXT_BODY_LIMIT = 1000;

/** Image-block type code: image blocks use their own `altText`. */
export const IMAGE_BLOCK_TYPE = 5;

/** Record type code of store items. */
export const STORE_ITEM_RECORD_TYPE = 11;

/** The image width steps (spec section 9). */
export const IMAGE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;

/** Removes markup, leaving a space where each tag ended. */
export const removeTags = (html: string): string => {
  let out = '';
  let inTag = false;
  for (const ch of html) {
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
};

/** HTML counts as empty when only whitespace, zero-width spaces or nbsp remain after removing tags. */
export const isHtmlEmpty = (html: string): boolean =>
  removeTags(html).replace(/[\s\u200b\u00a0]+/g, '') === '';

/** ASCII letters, digits, whitespace and `-` kept; whitespace runs become `-`; lower case. */
export const slugify = (s: string): string =>
  s
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();

/**
 * Alt text of an image or item: an image block (block type 5) uses its `altText` trimmed; other
 * items use the title, else the body text without markup cut to 1000 characters, else the filename.
 */
export const altTextOf = (image: unknown, blockType?: unknown): string => {
  if (blockType !== undefined && blockType !== null && asNumber(blockType) === IMAGE_BLOCK_TYPE) {
    return asString(prop(image, 'altText')).trim();
  }
  const title = prop(image, 'title');
  if (isTruthy(title)) return asString(title);
  const body = prop(image, 'body');
  if (isTruthy(body)) {
    const text = removeTags(asString(body));
    if (text.length > 0) return text.substring(0, ALT_TEXT_BODY_LIMIT);
  }
  const filename = prop(image, 'filename');
  if (isTruthy(filename)) return asString(filename);
  return '';
};

/** `x,y` of `mediaFocalPoint`, default `0.5,0.5`. */
export const focalPointOf = (media: unknown): string => {
  const fp = prop(media, 'mediaFocalPoint');
  if (fp === undefined) return '0.5,0.5';
  return `${asNumber(prop(fp, 'x'))},${asNumber(prop(fp, 'y'))}`;
};

/** `[width, height]` of an `originalSize` like `1200x800`; `undefined` unless exactly two parts. */
export const splitDimensions = (size: unknown): [string, string] | undefined => {
  const parts = asString(size).split('x');
  return parts.length === 2 ? [parts[0] as string, parts[1] as string] : undefined;
};

/** The thumbnail width step for a display width (spec section 9). */
export const thumbnailSizeForWidth = (width: number): string => {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
};

/** A site's own image that the image service resizes (docs/images.md); any other URL is sent as it is. */
export const isResizableMedia = (url: string): boolean =>
  /^\/media\/[^?#\s"]+\.(jpe?g|png|webp|avif|tiff?)$/i.test(url);

/**
 * The image service's `srcset` for a resizable image: the width steps below the original's (every
 * step when its width is unknown) and the original itself at its width.
 */
export const mediaSrcset = (url: string, originalWidth: number | undefined): string => {
  const steps = IMAGE_WIDTHS.map((step) => Number.parseInt(step, 10));
  const below = originalWidth === undefined ? steps : steps.filter((w) => w < originalWidth);
  const entries = below.map((w) => `${url}?format=${w}w ${w}w`);
  if (originalWidth !== undefined) entries.push(`${url}?format=original ${originalWidth}w`);
  return entries.join(', ');
};

/** The width of an `originalSize` like `4000x3000`, when it names one. */
export const originalWidthOf = (image: unknown): number | undefined => {
  const width = Number.parseInt(splitDimensions(prop(image, 'originalSize'))?.[0] ?? '', 10);
  return Number.isFinite(width) && width > 0 ? width : undefined;
};

/**
 * `srcset` entries of an image from its `systemDataVariants` (`300w,500w`), adding the original
 * format as the next larger width when the largest variant is not the largest step.
 */
export const srcsetOf = (image: unknown): string | undefined => {
  const assetUrl = asString(prop(image, 'assetUrl'));
  // The site's own uploads carry no variant list: the image service makes every width on demand.
  if (prop(image, 'systemDataVariants') === undefined && isResizableMedia(assetUrl))
    return mediaSrcset(assetUrl, originalWidthOf(image));
  const variants = asString(prop(image, 'systemDataVariants'))
    .split(',')
    .filter((v) => v.endsWith('w'));
  if (variants.length === 0) return undefined;
  const last = variants[variants.length - 1] as string;
  let original = '';
  const idx = (IMAGE_WIDTHS as readonly string[]).indexOf(last);
  if (idx >= 0 && idx < IMAGE_WIDTHS.length - 1) {
    original = `,${assetUrl}?format=original ${IMAGE_WIDTHS[idx + 1]}`;
  }
  return variants.map((v) => `${assetUrl}?format=${v} ${v}`).join(',') + original;
};

/** What item classes need from the render scope (found by walking outward from the item). */
export interface ItemClassScope {
  readonly promotedBlockType?: unknown;
  readonly categories?: unknown;
  readonly tags?: unknown;
  readonly author?: unknown;
  readonly recordTypeLabel?: unknown;
  /** The 1-based loop index, when the item is rendered in a loop. */
  readonly index?: unknown;
  readonly starred?: unknown;
}

/**
 * The display classes of an item: `hentry`, promoted block type, categories, tags, author, post
 * type, index, `featured` when starred, and for store items `on-sale` / `sold-out`.
 */
export const itemClasses = (item: unknown, scope: ItemClassScope): string => {
  let res = 'hentry';
  if (isTruthy(scope.promotedBlockType))
    res += ` promoted promoted-block-${slugify(asString(scope.promotedBlockType))}`;
  if (isTruthy(scope.categories))
    for (const c of asArray(scope.categories)) res += ` category-${slugify(asString(c))}`;
  if (isTruthy(scope.tags)) for (const t of asArray(scope.tags)) res += ` tag-${slugify(asString(t))}`;
  const displayName = prop(scope.author, 'displayName');
  if (isTruthy(scope.author) && isTruthy(displayName)) res += ` author-${slugify(asString(displayName))}`;
  res += ` post-type-${asString(scope.recordTypeLabel)}`;
  if (scope.index !== undefined) res += ` article-index-${asNumber(scope.index)}`;
  if (isTruthy(scope.starred)) res += ' featured';
  if (isObject(item) && asNumber(item.recordType) === STORE_ITEM_RECORD_TYPE) {
    const product = productOf(item);
    if (isOnSale(product)) res += ' on-sale';
    if (isSoldOut(product)) res += ' sold-out';
  }
  return res;
};

/** Comments show when the comment state is 1 or there are public comments, unless the site turns them off. */
export const commentsShown = (item: unknown, websiteSettings: unknown): boolean => {
  let on = asNumber(prop(item, 'commentState')) === 1 || asNumber(prop(item, 'publicCommentCount')) > 0;
  if (
    websiteSettings !== undefined &&
    websiteSettings !== null &&
    !isTruthy(prop(websiteSettings, 'commentsEnabled'))
  ) {
    on = false;
  }
  return on;
};

/** `No Comment`, `1 Comment`, `N Comments` (spec section 9). */
export const commentCountText = (count: number, localizedStrings?: LocalizedStrings): string =>
  count === 0
    ? message('comments.none', {}, localizedStrings)
    : count === 1
      ? message('comments.one', {}, localizedStrings)
      : message('comments.many', { n: count }, localizedStrings);

/** `minutes:seconds` of a duration in milliseconds (`humanizeDuration`). */
export const humanizeDuration = (ms: number): string => {
  const totalSeconds = Math.trunc((Number.isFinite(ms) ? ms : 0) / 1000);
  const mins = Math.trunc(totalSeconds / 60);
  const secs = totalSeconds - mins * 60;
  return `${mins}:${String(secs).padStart(2, '0')}`;
};

/** A hex colour (`#abc`, `aabbcc`) as a 24-bit integer; `undefined` when it is not one. */
export const hexColorToInt = (hex: string): number | undefined => {
  const h = hex.startsWith('#') ? hex.slice(1) : hex;
  if (!/^[0-9a-f]{3,6}$/i.test(h)) return undefined;
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return parseInt(full, 16);
};

/** `light` when a hex colour's value is above half of 0xFFFFFF (8388607.5), else `dark`. */
export const colorWeight = (hex: string): 'light' | 'dark' | undefined => {
  const n = hexColorToInt(hex);
  return n === undefined ? undefined : n > 0xffffff / 2 ? 'light' : 'dark';
};

/**
 * A website colour `{ hue, saturation, lightness, alpha? }` (fractions 0-1) as CSS `hsl()` /
 * `hsla()`, or the list of values out of bounds.
 */
export const websiteColor = (color: unknown): string => {
  const get = (k: string) => prop(color, k);
  if (get('hue') === undefined || get('saturation') === undefined || get('lightness') === undefined) {
    return 'Missing an H/S/L value.';
  }
  const hue = asNumber(get('hue'));
  let saturation = asNumber(get('saturation'));
  let lightness = asNumber(get('lightness'));
  const alpha = get('alpha') === undefined ? undefined : asNumber(get('alpha'));
  let problems = '';
  if (hue < 0 || hue > 360) problems += 'Hue out of bounds. ';
  if (saturation >= 0 && saturation <= 1) saturation *= 100;
  else problems += 'Saturation out of bounds. ';
  if (lightness >= 0 && lightness <= 1) lightness *= 100;
  else problems += 'Lightness out of bounds. ';
  if (alpha !== undefined && (alpha < 0 || alpha > 1)) problems += 'Alpha out of bounds.';
  if (problems) return problems;
  const fixed = (n: number) => parseFloat(n.toFixed(2));
  const hsl = `${fixed(hue)}, ${fixed(saturation)}%, ${fixed(lightness)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${fixed(alpha)})`;
};
