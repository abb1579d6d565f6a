/**
 * The block editor of posts and pages (issue 31): a layout as the list of blocks the site renders
 * (docs/blocks.md), each in a small form of its own, added from the renderer's block types, moved up
 * and down and removed with buttons (the keyboard's way; each move is announced), at most the spec's
 * 60. Text is written in the product editor's Lexical editor (loaded only when a text block shows);
 * images come from the media library, chosen or uploaded.
 */
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import {
  CONTENT_BLOCK_TYPES,
  MAX_LAYOUT_BLOCKS,
  type ContentBlock,
  type ContentBlockType,
  type ContentGalleryOptions,
  type ContentImage,
  type MediaAsset,
  type MediaPage,
  type ProductPage,
  type ProductRecord,
} from '@storefront/core/wire';
import { getJson } from './api.ts';
import { MEDIA_ACCEPT } from './media-upload.ts';
import { UploadField } from './products-images.tsx';

const RichText = lazy(() => import('./products-rich-text.tsx'));

export const BLOCK_LABELS: Record<ContentBlockType, string> = {
  text: 'Text',
  heading: 'Heading',
  image: 'Image',
  gallery: 'Gallery',
  video: 'Video',
  audio: 'Audio',
  quote: 'Quote',
  button: 'Button',
  form: 'Form',
  product: 'Product',
  summary: 'Summary of a page',
  code: 'Code',
  embed: 'Embed',
  spacer: 'Spacer',
  newsletter: 'Newsletter',
};

export const GALLERY_DEFAULTS: ContentGalleryOptions = {
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: true,
  'auto-crop': true,
  'aspect-ratio': '4:3',
  thumbnails: false,
  'show-meta': true,
  'meta-position': 'bottom',
  lightbox: true,
  lightboxTheme: 'dark',
};

const OEMBED = { providerName: '', title: '', html: '' };

/** A new block of the type, with the renderer's defaults and an id unique in the layout. */
export function newBlock(type: ContentBlockType, taken: readonly ContentBlock[]): ContentBlock {
  const ids = new Set(taken.map((b) => b.id));
  let n = taken.length + 1;
  while (ids.has(`${type}-${n}`)) n++;
  const id = `${type}-${n}`;
  switch (type) {
    case 'text':
      return { id, type, html: '' };
    case 'heading':
      return { id, type, text: '', level: 2 };
    case 'image':
      return { id, type, image: { assetUrl: '', originalSize: '' } };
    case 'gallery':
      return { id, type, title: '', images: [], options: GALLERY_DEFAULTS };
    case 'video':
      return { id, type, url: '', oembed: OEMBED };
    case 'audio':
      return { id, type, assetUrl: '', title: '' };
    case 'quote':
      return { id, type, text: '' };
    case 'button':
      return { id, type, label: '', url: '', size: 'medium', alignment: 'left' };
    case 'form':
      return { id, type, formId: '' };
    case 'product':
      return { id, type, collection: '', item: '' };
    case 'summary':
      return { id, type, collection: '', limit: 3, design: 'grid' };
    case 'code':
      return { id, type, code: '' };
    case 'embed':
      return { id, type, url: '', oembed: OEMBED };
    case 'spacer':
      return { id, type, size: 'medium' };
    case 'newsletter':
      return { id, type, formId: '', title: '' };
  }
}

/** A media library asset as a block's image. */
export const imageOf = (asset: MediaAsset): ContentImage => ({
  assetUrl: asset.url,
  originalSize: asset.width && asset.height ? `${asset.width}x${asset.height}` : '1600x1000',
  ...(asset.alt ? { altText: asset.alt } : {}),
});

/** The media library's first images, loaded once per editor. */
export function useMediaLibrary(): MediaAsset[] {
  const [assets, setAssets] = useState<MediaAsset[]>([]);
  useEffect(() => {
    getJson<MediaPage>('/api/config/media?limit=100').then(
      (page) => setAssets(page.assets.filter((a) => a.contentType.startsWith('image/'))),
      () => setAssets([]),
    );
  }, []);
  return assets;
}

function Text({
  id,
  label,
  value,
  onChange,
  hint,
  multiline = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  multiline?: boolean;
}) {
  return (
    <p className="cfg-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="cfg-hint">
          {hint}
        </span>
      )}
      {multiline ? (
        <textarea
          id={id}
          value={value}
          rows={5}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </p>
  );
}

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <p className="cfg-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </p>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <p>
      <label htmlFor={id} className="cfg-check">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
        {label}
      </label>
    </p>
  );
}

/** An image of the media library: chosen from it, or uploaded into it. */
export function ImageChoice({
  id,
  label,
  image,
  library,
  onChange,
  onUploaded,
}: {
  id: string;
  label: string;
  image: ContentImage | null;
  library: MediaAsset[];
  onChange: (image: ContentImage | null) => void;
  onUploaded?: (asset: MediaAsset) => void;
}) {
  const chosen = image?.assetUrl ?? '';
  const known = library.some((a) => a.url === chosen);
  return (
    <div className="cfg-field">
      <p className="cfg-field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={chosen}
          onChange={(e) => {
            const asset = library.find((a) => a.url === e.target.value);
            onChange(asset ? imageOf(asset) : null);
          }}
        >
          <option value="">None</option>
          {!known && chosen && <option value={chosen}>{chosen}</option>}
          {library.map((a) => (
            <option key={a.id} value={a.url}>
              {a.alt || a.fileName}
            </option>
          ))}
        </select>
      </p>
      <UploadField
        id={`${id}-upload`}
        label={`Upload an image for ${label.toLowerCase()}`}
        accept={MEDIA_ACCEPT}
        multiple={false}
        disabled={false}
        onUploaded={(asset) => {
          onUploaded?.(asset);
          onChange(imageOf(asset));
        }}
      />
      {image && (
        <p className="cfg-field">
          <label htmlFor={`${id}-alt`}>Alt text of the image</label>
          <input
            id={`${id}-alt`}
            value={image.altText ?? ''}
            onChange={(e) => onChange({ ...image, altText: e.target.value })}
          />
        </p>
      )}
    </div>
  );
}

/** The products to pick for a product block: title, and the address the block names. */
function ProductChoice({
  id,
  value,
  onChange,
}: {
  id: string;
  value: { collection: string; item: string };
  onChange: (value: { collection: string; item: string }) => void;
}) {
  const [products, setProducts] = useState<{ id: string; title: string }[]>([]);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    getJson<ProductPage>('/api/config/products?limit=100').then(
      (page) => setProducts(page.products.map((p) => ({ id: p.id, title: p.title }))),
      () => setProducts([]),
    );
  }, []);
  const current = value.collection ? `/${value.collection}/${value.item}` : '';
  return (
    <p className="cfg-field">
      <label htmlFor={id}>Product</label>
      <select
        id={id}
        value=""
        aria-describedby={`${id}-now`}
        onChange={(e) => {
          const productId = e.target.value;
          if (!productId) return;
          getJson<ProductRecord>(`/api/config/products/${encodeURIComponent(productId)}`).then(
            (record) => {
              const [, collection = '', item = ''] = record.url.split('/');
              setProblem('');
              onChange({ collection, item });
            },
            () => setProblem('That product could not be loaded. Please try again.'),
          );
        }}
      >
        <option value="">Choose a product…</option>
        {products.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </select>
      <span id={`${id}-now`} className="cfg-hint">
        {current ? `Shows the product at ${current}.` : 'No product chosen yet.'}
      </span>
      {problem && (
        <span role="alert" className="cfg-error">
          {problem}
        </span>
      )}
    </p>
  );
}

/** The small form of one block. */
function BlockFields({
  block,
  prefix,
  library,
  onChange,
  onUploaded,
}: {
  block: ContentBlock;
  prefix: string;
  library: MediaAsset[];
  onChange: (block: ContentBlock) => void;
  onUploaded: (asset: MediaAsset) => void;
}) {
  const f = (name: string) => `${prefix}-${name}`;
  switch (block.type) {
    case 'text':
      return (
        <div className="cfg-field">
          <span className="cfg-label" id={f('text-label')}>
            Text
          </span>
          <Suspense fallback={<p role="status">Loading the text editor…</p>}>
            <RichText
              id={f('text')}
              labelledBy={f('text-label')}
              html={block.html}
              readOnly={false}
              onChange={(html) => onChange({ ...block, html })}
            />
          </Suspense>
        </div>
      );
    case 'heading':
      return (
        <>
          <Text
            id={f('heading')}
            label="Heading"
            value={block.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <Choice
            id={f('level')}
            label="Level"
            value={String(block.level) as '1' | '2' | '3' | '4'}
            options={[
              ['1', 'Heading 1'],
              ['2', 'Heading 2'],
              ['3', 'Heading 3'],
              ['4', 'Heading 4'],
            ]}
            onChange={(level) => onChange({ ...block, level: Number(level) })}
          />
        </>
      );
    case 'image':
      return (
        <>
          <ImageChoice
            id={f('image')}
            label="Image"
            image={block.image.assetUrl ? block.image : null}
            library={library}
            onUploaded={onUploaded}
            onChange={(image) => onChange({ ...block, image: image ?? { assetUrl: '', originalSize: '' } })}
          />
          <Text
            id={f('caption')}
            label="Caption"
            value={block.caption ?? ''}
            onChange={(caption) => onChange({ ...block, caption })}
          />
        </>
      );
    case 'gallery':
      return (
        <GalleryFields
          block={block}
          prefix={prefix}
          library={library}
          onChange={onChange}
          onUploaded={onUploaded}
        />
      );
    case 'video':
    case 'embed':
      return (
        <>
          <Text
            id={f('url')}
            label={block.type === 'video' ? "The video's page" : 'Address'}
            value={block.url}
            hint="An https:// address."
            onChange={(url) => onChange({ ...block, url })}
          />
          <Text
            id={f('provider')}
            label="Provider"
            value={block.oembed.providerName}
            onChange={(providerName) => onChange({ ...block, oembed: { ...block.oembed, providerName } })}
          />
          <Text
            id={f('title')}
            label="Title"
            value={block.oembed.title}
            onChange={(title) => onChange({ ...block, oembed: { ...block.oembed, title } })}
          />
          <Text
            id={f('html')}
            label="Player HTML"
            multiline
            hint="Shown only once a visitor asks for it."
            value={block.oembed.html}
            onChange={(html) => onChange({ ...block, oembed: { ...block.oembed, html } })}
          />
        </>
      );
    case 'audio':
      return (
        <>
          <Text
            id={f('asset')}
            label="Audio file"
            hint="A file of the media library: /media/…"
            value={block.assetUrl}
            onChange={(assetUrl) => onChange({ ...block, assetUrl })}
          />
          <Text
            id={f('title')}
            label="Title"
            value={block.title}
            onChange={(title) => onChange({ ...block, title })}
          />
        </>
      );
    case 'quote':
      return (
        <>
          <Text
            id={f('quote')}
            label="Quote"
            multiline
            value={block.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <Text
            id={f('source')}
            label="Source"
            value={block.source ?? ''}
            onChange={(source) => onChange({ ...block, source })}
          />
        </>
      );
    case 'button':
      return (
        <>
          <Text
            id={f('label')}
            label="Label"
            value={block.label}
            onChange={(label) => onChange({ ...block, label })}
          />
          <Text
            id={f('url')}
            label="Address"
            hint="A page of this site (/shop) or an https:// address."
            value={block.url}
            onChange={(url) => onChange({ ...block, url })}
          />
          <Choice
            id={f('size')}
            label="Size"
            value={block.size}
            options={[
              ['small', 'Small'],
              ['medium', 'Medium'],
              ['large', 'Large'],
            ]}
            onChange={(size) => onChange({ ...block, size })}
          />
        </>
      );
    case 'form':
    case 'newsletter':
      return (
        <>
          <Text
            id={f('form')}
            label="Form"
            hint="The form's name, as in the site's forms."
            value={block.formId}
            onChange={(formId) => onChange({ ...block, formId })}
          />
          {block.type === 'newsletter' && (
            <Text
              id={f('title')}
              label="Title"
              value={block.title}
              onChange={(title) => onChange({ ...block, title })}
            />
          )}
        </>
      );
    case 'product':
      return (
        <ProductChoice
          id={f('product')}
          value={block}
          onChange={(target) => onChange({ ...block, ...target })}
        />
      );
    case 'summary':
      return (
        <>
          <Text
            id={f('collection')}
            label="Page to summarise"
            hint="Its URL slug, like journal."
            value={block.collection}
            onChange={(collection) => onChange({ ...block, collection })}
          />
          <Choice
            id={f('design')}
            label="Design"
            value={block.design}
            options={[
              ['grid', 'Grid'],
              ['list', 'List'],
            ]}
            onChange={(design) => onChange({ ...block, design })}
          />
        </>
      );
    case 'code':
      return (
        <Text
          id={f('code')}
          label="Code"
          multiline
          value={block.code}
          onChange={(code) => onChange({ ...block, code })}
        />
      );
    case 'spacer':
      return (
        <Choice
          id={f('size')}
          label="Space"
          value={block.size}
          options={[
            ['small', 'Small'],
            ['medium', 'Medium'],
            ['large', 'Large'],
          ]}
          onChange={(size) => onChange({ ...block, size })}
        />
      );
  }
}

function GalleryFields({
  block,
  prefix,
  library,
  onChange,
  onUploaded,
}: {
  block: Extract<ContentBlock, { type: 'gallery' }>;
  prefix: string;
  library: MediaAsset[];
  onChange: (block: ContentBlock) => void;
  onUploaded: (asset: MediaAsset) => void;
}) {
  const f = (name: string) => `${prefix}-${name}`;
  const option = (change: Partial<ContentGalleryOptions>) =>
    onChange({ ...block, options: { ...block.options, ...change } });
  return (
    <>
      <Text
        id={f('title')}
        label="Gallery title"
        hint="Names the gallery for screen readers."
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <ul className="cfg-list" aria-label="Gallery images">
        {block.images.map((image, i) => (
          <li key={`${image.assetUrl}-${i}`}>
            {image.altText || image.assetUrl}{' '}
            <button
              type="button"
              className="cfg-button-secondary"
              onClick={() => onChange({ ...block, images: block.images.filter((_, n) => n !== i) })}
            >
              Remove image {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <ImageChoice
        id={f('add')}
        label="Add an image"
        image={null}
        library={library}
        onUploaded={onUploaded}
        onChange={(image) => image && onChange({ ...block, images: [...block.images, image] })}
      />
      <Choice
        id={f('design')}
        label="Design"
        value={block.options.design}
        options={[
          ['grid', 'Grid'],
          ['slideshow', 'Slideshow'],
          ['slider', 'Slider'],
          ['stacked', 'Stacked'],
        ]}
        onChange={(design) => option({ design })}
      />
      <Check
        id={f('lightbox')}
        label="Open images in a lightbox"
        checked={block.options.lightbox}
        onChange={(lightbox) => option({ lightbox })}
      />
      <Check
        id={f('thumbnails')}
        label="Show thumbnails"
        checked={block.options.thumbnails}
        onChange={(thumbnails) => option({ thumbnails })}
      />
      <Check
        id={f('autoplay')}
        label="Play automatically"
        checked={block.options.autoplay}
        onChange={(autoplay) => option({ autoplay })}
      />
    </>
  );
}

/** The layout's blocks, each with its form and the buttons that move and remove it. */
export function BlocksEditor({
  blocks,
  onChange,
  readOnly,
  label,
}: {
  blocks: ContentBlock[];
  onChange: (blocks: ContentBlock[]) => void;
  readOnly: boolean;
  /** What the layout is ("Body", "Page content"). */
  label: string;
}) {
  const prefix = useId().replace(/:/g, '');
  const library = useMediaLibrary();
  const [uploaded, setUploaded] = useState<MediaAsset[]>([]);
  const [adding, setAdding] = useState<ContentBlockType>('text');
  const [announced, setAnnounced] = useState('');
  const full = blocks.length >= MAX_LAYOUT_BLOCKS;
  const media = [...uploaded, ...library.filter((a) => !uploaded.some((u) => u.id === a.id))];
  const name = (block: ContentBlock, i: number) => `Block ${i + 1}: ${BLOCK_LABELS[block.type]}`;
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setAnnounced(`${BLOCK_LABELS[moved.type]} block moved to position ${to + 1} of ${next.length}.`);
    // The moved block's own button keeps the focus, so the next press moves it again.
    requestAnimationFrame(() =>
      document.getElementById(`${prefix}-${moved.id}-${to < from ? 'up' : 'down'}`)?.focus(),
    );
  };
  return (
    <section className="cfg-blocks" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{label}</h2>
      <p className="cfg-muted" id={`${prefix}-count`}>
        {blocks.length} of at most {MAX_LAYOUT_BLOCKS} blocks.
      </p>
      <div role="status" aria-live="polite" className="cfg-visually-hidden">
        {announced}
      </div>
      {blocks.length === 0 && <p>No blocks yet: add the first one below.</p>}
      <ol className="cfg-block-list">
        {blocks.map((block, i) => (
          <li key={block.id}>
            <fieldset className="cfg-panel cfg-block" disabled={readOnly}>
              <legend>{name(block, i)}</legend>
              <BlockFields
                block={block}
                prefix={`${prefix}-${block.id}`}
                library={media}
                onUploaded={(asset) => setUploaded((all) => [asset, ...all])}
                onChange={(changed) => onChange(blocks.map((b, n) => (n === i ? changed : b)))}
              />
              {!readOnly && (
                <p className="cfg-row-actions">
                  <button
                    type="button"
                    id={`${prefix}-${block.id}-up`}
                    className="cfg-button-secondary"
                    disabled={i === 0}
                    aria-label={`Move ${name(block, i)} up`}
                    onClick={() => move(i, i - 1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    id={`${prefix}-${block.id}-down`}
                    className="cfg-button-secondary"
                    disabled={i === blocks.length - 1}
                    aria-label={`Move ${name(block, i)} down`}
                    onClick={() => move(i, i + 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    aria-label={`Remove ${name(block, i)}`}
                    onClick={() => {
                      onChange(blocks.filter((_, n) => n !== i));
                      setAnnounced(`${name(block, i)} removed.`);
                    }}
                  >
                    Remove
                  </button>
                </p>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {!readOnly && (
        <AddBlock
          prefix={prefix}
          adding={adding}
          full={full}
          onType={setAdding}
          onAdd={() => {
            const block = newBlock(adding, blocks);
            onChange([...blocks, block]);
            setAnnounced(`${BLOCK_LABELS[adding]} block added as block ${blocks.length + 1}.`);
          }}
        />
      )}
    </section>
  );
}

function AddBlock({
  prefix,
  adding,
  full,
  onType,
  onAdd,
}: {
  prefix: string;
  adding: ContentBlockType;
  full: boolean;
  onType: (type: ContentBlockType) => void;
  onAdd: () => void;
}): ReactNode {
  return (
    <div className="cfg-inline-form">
      <label htmlFor={`${prefix}-add`}>Block type</label>
      <select
        id={`${prefix}-add`}
        value={adding}
        onChange={(e) => onType(e.target.value as ContentBlockType)}
      >
        {CONTENT_BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {BLOCK_LABELS[type]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="cfg-button-secondary"
        disabled={full}
        aria-describedby={full ? `${prefix}-full` : undefined}
        onClick={onAdd}
      >
        Add block
      </button>
      {full && (
        <p id={`${prefix}-full`} className="cfg-note">
          A layout holds at most {MAX_LAYOUT_BLOCKS} blocks: remove one to add another.
        </p>
      )}
    </div>
  );
}
