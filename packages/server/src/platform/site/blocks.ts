/**
 * Layout blocks (docs/blocks.md): the content format of a page's or a post's block fields, checked
 * at load so that a page never meets a malformed block while it renders.
 */
import { escapeHtml } from '../http/html.ts';
import {
  GALLERY_ALIGNMENTS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  GALLERY_RANGES,
  type GalleryRangeOption,
} from '@storefront/core/wire';
import { z } from 'zod';

/** The platform's block type numbers (spec §3, block types 1 to 70) and class names. */
export const BLOCK_TYPES = {
  text: { number: 2, className: 'html' },
  heading: { number: 2, className: 'html' },
  image: { number: 5, className: 'image' },
  gallery: { number: 8, className: 'gallery' },
  form: { number: 9, className: 'form' },
  spacer: { number: 21, className: 'spacer' },
  embed: { number: 22, className: 'embed' },
  code: { number: 23, className: 'code' },
  quote: { number: 31, className: 'quote' },
  video: { number: 32, className: 'video' },
  audio: { number: 41, className: 'audio' },
  product: { number: 43, className: 'product' },
  newsletter: { number: 51, className: 'newsletter' },
  button: { number: 53, className: 'button' },
  summary: { number: 55, className: 'summary-v2' },
} as const;

export type BlockTypeName = keyof typeof BLOCK_TYPES;

/** An asset under the site's media (`/media/…`): never a third-party address, so nothing loads from elsewhere. */
const mediaUrl = z
  .string()
  .regex(/^\/media\/[\w./-]+$/, 'must be a file of the site\'s media, "/media/<file>"');
const dimensions = z.string().regex(/^\d+x\d+$/, 'must be "<width>x<height>", e.g. "1600x1000"');
const urlOrPath = z
  .string()
  .regex(/^(https?:\/\/|\/|#|mailto:)/, 'must be an http(s) URL, a path starting with "/", "#…" or mailto:');

const imageAsset = z.strictObject({
  assetUrl: mediaUrl,
  originalSize: dimensions,
  altText: z.string().optional(),
  mediaFocalPoint: z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
});
export type BlockImage = z.infer<typeof imageAsset>;

const base = { id: z.string().regex(/^[\w-]+$/, 'letters, digits, "-" and "_" only') };

/** A gallery option with a range (spec §9 "Gallery limits"): out of it, the message gives the range. */
const ranged = (name: GalleryRangeOption) => {
  const { min, max, default: fallback } = GALLERY_RANGES[name];
  const problem = `${name} is ${min} to ${max}`;
  return z.number({ error: problem }).min(min, problem).max(max, problem).default(fallback);
};

/** Gallery options, named as the spec names them (§3 "Gallery options"), with §9's ranges. */
export const galleryOptions = z.strictObject({
  design: z.enum(GALLERY_DESIGNS).default('grid'),
  autoplay: z.boolean().default(false),
  'autoplay-duration': ranged('autoplay-duration'),
  controls: z.boolean().default(true),
  'auto-crop': z.boolean().default(true),
  'aspect-ratio': z.enum(GALLERY_ASPECT_RATIOS).default('4:3'),
  'square-thumbs': z.boolean().default(false),
  thumbnails: z.boolean().default(false),
  'thumbnail-strip-height': ranged('thumbnail-strip-height'),
  'thumbnail-strip-margin': ranged('thumbnail-strip-margin'),
  'show-meta': z.boolean().default(true),
  'show-meta-basic': z.boolean().default(false),
  'show-meta-only-title': z.boolean().default(false),
  'meta-position': z.enum(GALLERY_META_POSITIONS).default('bottom'),
  'show-meta-on-hover': z.boolean().default(false),
  'active-alignment': z.enum(GALLERY_ALIGNMENTS).default('center'),
  'thumbnails-per-row': ranged('thumbnails-per-row'),
  padding: ranged('padding'),
  lightbox: z.boolean().default(true),
  lightboxTheme: z.enum(['light', 'dark']).default('dark'),
  'max-width': ranged('max-width'),
  newWindow: z.boolean().default(false),
  transparentBackground: z.boolean().default(false),
});
export type GalleryOptions = z.infer<typeof galleryOptions>;

/** A third-party player or widget: its HTML is shown only once the visitor asks (a click). */
const oembed = z.strictObject({
  html: z.string().min(1),
  providerName: z.string().min(1),
  title: z.string().min(1),
});

export const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('text'), html: z.string() }),
  z.strictObject({
    ...base,
    type: z.literal('heading'),
    text: z.string().min(1),
    level: z.number().int().min(1).max(6).default(2),
  }),
  z.strictObject({
    ...base,
    type: z.literal('image'),
    image: imageAsset,
    caption: z.string().optional(),
    link: urlOrPath.optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('gallery'),
    title: z.string().min(1),
    images: z.array(imageAsset).min(1, 'a gallery needs at least one image'),
    options: galleryOptions.default(galleryOptions.parse({})),
  }),
  z.strictObject({
    ...base,
    type: z.literal('video'),
    url: urlOrPath,
    oembed,
    poster: imageAsset.optional(),
    caption: z.string().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('audio'),
    assetUrl: mediaUrl,
    title: z.string().min(1),
    author: z.string().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('quote'),
    text: z.string().min(1),
    source: z.string().optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal('button'),
    label: z.string().min(1),
    url: urlOrPath,
    size: z.enum(['small', 'medium', 'large']).default('medium'),
    alignment: z.enum(['left', 'center', 'right']).default('left'),
  }),
  z.strictObject({ ...base, type: z.literal('form'), formId: z.string().min(1) }),
  z.strictObject({
    ...base,
    type: z.literal('product'),
    collection: z.string().min(1),
    item: z.string().min(1),
  }),
  z.strictObject({
    ...base,
    type: z.literal('summary'),
    title: z.string().optional(),
    collection: z.string().min(1),
    limit: z.number().int().min(1).max(30).default(3),
    design: z.enum(['list', 'grid']).default('grid'),
  }),
  z.strictObject({ ...base, type: z.literal('code'), code: z.string(), language: z.string().optional() }),
  z.strictObject({ ...base, type: z.literal('embed'), url: urlOrPath, oembed }),
  z.strictObject({
    ...base,
    type: z.literal('spacer'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
  }),
  z.strictObject({
    ...base,
    type: z.literal('newsletter'),
    formId: z.string().min(1),
    title: z.string().min(1),
    description: z.string().optional(),
  }),
]);

export type Block = z.infer<typeof blockSchema>;

/** A page's or item's block fields: field id (the `id` of `<squarespace:block-field>`) to its blocks. */
export type BlockFields = Record<string, Block[]>;

/**
 * Parses `value` (an item's or collection's `blockFields`) or says what is wrong, naming the field
 * and the block (by id when it has one, else by position) and where in it.
 */
export function parseBlockFields(
  value: unknown,
  clamped?: string[],
): { ok: true; fields: BlockFields } | { ok: false; problem: string } {
  const fieldsShape = z.record(z.string().regex(/^[\w-]+$/), z.array(z.unknown()));
  const shape = fieldsShape.safeParse(value);
  if (!shape.success)
    return {
      ok: false,
      problem: 'blockFields must map field ids (letters, digits, "-", "_") to arrays of blocks',
    };
  const fields: BlockFields = {};
  for (const [field, blocks] of Object.entries(shape.data)) {
    const seen = new Set<string>();
    fields[field] = [];
    for (const [index, raw] of blocks.entries()) {
      const rawId = typeof raw === 'object' && raw !== null && 'id' in raw ? String(raw.id) : undefined;
      const name = `block ${rawId === undefined ? `#${index + 1}` : `"${rawId}"`} of field "${field}"`;
      const parsed = blockSchema.safeParse(clamped ? withGalleryRangesClamped(raw, name, clamped) : raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const at = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
        return { ok: false, problem: `${name}: ${issue?.message ?? 'invalid block'}${at}` };
      }
      if (seen.has(parsed.data.id))
        return { ok: false, problem: `${name}: the id is used twice in the field` };
      seen.add(parsed.data.id);
      fields[field].push(parsed.data);
    }
  }
  return { ok: true, fields };
}

/**
 * A gallery block whose numeric options outside spec §9's ranges are brought to the nearest end,
 * each noted in `clamped` (imported content starts with a warning rather than not at all).
 */
export function clampGalleryOptions(options: unknown, owner: string, clamped: string[]): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
  const out: Record<string, unknown> = { ...(options as Record<string, unknown>) };
  for (const [name, { min, max }] of Object.entries(GALLERY_RANGES)) {
    const value = out[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || (value >= min && value <= max)) continue;
    const to = Math.min(max, Math.max(min, value));
    clamped.push(
      `${owner}: gallery option "${name}" is ${value}, outside ${min} to ${max}: clamped to ${to}`,
    );
    out[name] = to;
  }
  return out;
}

function withGalleryRangesClamped(raw: unknown, owner: string, clamped: string[]): unknown {
  if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'gallery') return raw;
  const block = raw as { options?: unknown };
  return block.options === undefined
    ? raw
    : { ...block, options: clampGalleryOptions(block.options, owner, clamped) };
}

/**
 * The first block that names something the content does not have (a form, a collection, a
 * product), with the urlId of the collection it is in.
 */
export function danglingBlockReference(
  collections: readonly {
    urlId: string;
    items?: readonly { urlId: string; blockFields?: unknown }[];
    blockFields?: unknown;
  }[],
  forms: Readonly<Record<string, unknown>>,
): { urlId: string; problem: string } | undefined {
  const byUrl = new Map(collections.map((c) => [c.urlId, c]));
  for (const collection of collections) {
    const owners = [
      [`collection "${collection.urlId}"`, collection.blockFields],
      ...(collection.items ?? []).map((item) => [`item "${item.urlId}"`, item.blockFields] as const),
    ] as const;
    for (const [owner, fields] of owners) {
      for (const [field, blocks] of Object.entries((fields ?? {}) as BlockFields)) {
        for (const block of blocks) {
          const problem = referenceProblem(block, byUrl, forms);
          if (problem)
            return {
              urlId: collection.urlId,
              problem: `${owner}: block "${block.id}" of field "${field}": ${problem}`,
            };
        }
      }
    }
  }
  return undefined;
}

function referenceProblem(
  block: Block,
  collections: ReadonlyMap<string, { items?: readonly { urlId: string }[] }>,
  forms: Readonly<Record<string, unknown>>,
): string | undefined {
  switch (block.type) {
    case 'form':
    case 'newsletter':
      return forms[block.formId] ? undefined : `no form "${block.formId}" in content/forms`;
    case 'summary':
      return collections.has(block.collection) ? undefined : `no collection "${block.collection}"`;
    case 'product': {
      const target = collections.get(block.collection);
      if (!target) return `no collection "${block.collection}"`;
      return target.items?.some((i) => i.urlId === block.item)
        ? undefined
        : `no item "${block.item}" in collection "${block.collection}"`;
    }
    default:
      return undefined;
  }
}

/**
 * The words of an item's blocks as a plain HTML fragment, for what shows them outside the page
 * (search documents, RSS): text blocks' HTML as the site wrote it, every other block's text escaped,
 * no markup of the layout. Content that is not valid block fields has none.
 */
export function blockFieldsText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const parsed = parseBlockFields(value);
  if (!parsed.ok) return '';
  return Object.values(parsed.fields)
    .flat()
    .map(blockText)
    .filter((html) => html !== '')
    .join('\n');
}

const paragraph = (...texts: (string | undefined)[]): string => {
  const text = texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '').join(' — ');
  return text === '' ? '' : `<p>${escapeHtml(text)}</p>`;
};

const imageText = (image: BlockImage): string => paragraph(image.title, image.description);

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.html;
    case 'heading':
      return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'image':
      return paragraph(block.caption);
    case 'gallery':
      return [paragraph(block.title), ...block.images.map(imageText)].filter(Boolean).join('\n');
    case 'video':
      return paragraph(block.oembed.title, block.caption);
    case 'audio':
      return paragraph(block.title, block.author);
    case 'quote':
      return `<blockquote>${paragraph(block.text)}${paragraph(block.source)}</blockquote>`;
    case 'button':
      return paragraph(block.label);
    case 'summary':
      return paragraph(block.title);
    case 'code':
      return `<pre><code>${escapeHtml(block.code)}</code></pre>`;
    case 'embed':
      return paragraph(block.oembed.title);
    case 'newsletter':
      return paragraph(block.title, block.description);
    case 'form':
    case 'product':
    case 'spacer':
      return '';
  }
}
