/**
 * The product's images: several uploaded at once into the media library (each with its progress), put
 * in order by dragging or by the move buttons (the keyboard's way, announced), each with its alt text
 * and focal point. Uploads go through the media library's own helper (media-upload.ts), one file a request.
 */
import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { MediaAsset, ProductImageInput } from '@storefront/core/wire';
import { message } from '@storefront/core/messages';
import { MEDIA_ACCEPT, uploadOne, type FileSender } from './media-upload.ts';

interface Upload {
  key: string;
  fileName: string;
  progress: number;
  error: string;
}

/**
 * A file input that uploads what is chosen, showing each file's progress and problem: into the
 * media library, or where `send` sends it.
 */
export function UploadField<T = MediaAsset>({
  id,
  label,
  accept,
  multiple,
  disabled,
  describedBy,
  invalid,
  send,
  onUploaded,
}: {
  id: string;
  label: string;
  accept: string;
  multiple: boolean;
  disabled: boolean;
  describedBy?: string;
  invalid?: boolean;
  send?: FileSender<T>;
  onUploaded: (uploaded: T) => void;
}) {
  // Without `send`, T is the library's MediaAsset (the default type argument).
  const sender = send ?? (uploadOne as unknown as FileSender<T>);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const onFiles = (files: FileList | null) => {
    const chosen = [...(files ?? [])].map((file) => ({ file, key: crypto.randomUUID() }));
    setUploads((all) => [
      ...all.filter((u) => u.error || u.progress < 1),
      ...chosen.map(({ file, key }) => ({ key, fileName: file.name, progress: 0, error: '' })),
    ]);
    for (const { file, key } of chosen)
      sender(file, (sent) => update(key, { progress: sent.total ? sent.loaded / sent.total : 0 })).then(
        (uploaded) => {
          setUploads((all) => all.filter((u) => u.key !== key));
          onUploaded(uploaded);
        },
        (error: unknown) =>
          update(key, { error: error instanceof Error ? error.message : message('ui.upload-incomplete') }),
      );
  };
  return (
    <div className="cfg-upload">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {uploads.length > 0 && (
        <ul className="cfg-uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key}>
              <label htmlFor={`up-${u.key}`}>{u.fileName}</label>{' '}
              {u.error ? (
                <span role="alert" className="cfg-error">
                  {u.error}
                </span>
              ) : (
                <progress id={`up-${u.key}`} max={1} value={u.progress}>
                  {Math.round(u.progress * 100)}%
                </progress>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const percent = (n: number) => Math.round(n * 100);
const clamp = (n: number) => Math.min(1, Math.max(0, n));

export function ImagesField({
  images,
  urls,
  readOnly,
  onChange,
  onUploaded,
}: {
  images: ProductImageInput[];
  /** Media id -> address, for the thumbnails. */
  urls: Record<string, string>;
  readOnly: boolean;
  onChange: (images: ProductImageInput[]) => void;
  onUploaded: (asset: MediaAsset) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const id = useId();

  const move = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [image] = next.splice(from, 1);
    if (!image) return;
    next.splice(to, 0, image);
    onChange(next);
    setAnnouncement(`Image ${from + 1} moved to position ${to + 1} of ${images.length}.`);
    // The moved image's own button keeps the focus (its other one at the end of the list).
    if (focus)
      requestAnimationFrame(() => {
        const item = list.current?.querySelectorAll<HTMLElement>('li')[to];
        const buttons = item?.querySelectorAll<HTMLButtonElement>('button[data-move]:not([disabled])');
        const same = item?.querySelector<HTMLButtonElement>(
          `button[data-move="${from > to ? 'up' : 'down'}"]:not([disabled])`,
        );
        (same ?? buttons?.[0])?.focus();
      });
  };
  const change = (index: number, patch: Partial<ProductImageInput>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...patch } : image)));

  const onDrop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, to);
    dragged.current = null;
  };
  const onPickFocus = (event: MouseEvent<HTMLImageElement>, index: number) => {
    if (readOnly) return;
    const box = event.currentTarget.getBoundingClientRect();
    // To the whole percent the fields show: what staff read there is what the store gets.
    const whole = (fraction: number) => clamp(Math.round(fraction * 100) / 100);
    change(index, {
      focalPoint: {
        x: whole((event.clientX - box.left) / box.width),
        y: whole((event.clientY - box.top) / box.height),
      },
    });
  };
  const onFocusKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <fieldset className="cfg-fieldset">
      <legend>Images</legend>
      <p id={`${id}-hint`} className="cfg-muted">
        The first image is the product&apos;s main image. Drag an image, or use its move buttons, to change
        the order. Click an image to set its focal point.
      </p>
      <UploadField
        id="product-images-upload"
        label="Upload images"
        accept={MEDIA_ACCEPT}
        multiple
        disabled={readOnly}
        describedBy={`${id}-hint`}
        onUploaded={onUploaded}
      />
      <div role="status" aria-live="polite" className="cfg-visually-hidden">
        {announcement}
      </div>
      {images.length > 0 && (
        <ol ref={list} className="cfg-images" aria-label="Product images, in order">
          {images.map((image, index) => {
            const n = index + 1;
            const url = urls[image.mediaId];
            return (
              <li
                key={image.mediaId}
                draggable={!readOnly}
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', image.mediaId);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => onDrop(event, index)}
                className="cfg-image"
              >
                <div className="cfg-image-frame">
                  {url ? (
                    <img
                      src={url}
                      alt={image.alt ? `Image ${n}: ${image.alt}` : `Image ${n}`}
                      onClick={(event) => onPickFocus(event, index)}
                      draggable={false}
                    />
                  ) : (
                    <span className="cfg-muted">Image {n}</span>
                  )}
                  <span
                    className="cfg-focal"
                    aria-hidden="true"
                    style={{
                      left: `${percent(image.focalPoint.x)}%`,
                      top: `${percent(image.focalPoint.y)}%`,
                    }}
                  />
                </div>
                <p>
                  <label htmlFor={`image-${index}-alt`}>Alt text of image {n}</label>
                  <input
                    id={`image-${index}-alt`}
                    value={image.alt}
                    readOnly={readOnly}
                    onChange={(event) => change(index, { alt: event.target.value })}
                  />
                </p>
                <fieldset className="cfg-focal-fields">
                  <legend>Focal point of image {n} (%)</legend>
                  <label htmlFor={`image-${index}-fx`}>Across</label>
                  <input
                    id={`image-${index}-fx`}
                    type="number"
                    min={0}
                    max={100}
                    value={percent(image.focalPoint.x)}
                    readOnly={readOnly}
                    onKeyDown={onFocusKey}
                    onChange={(event) =>
                      change(index, {
                        focalPoint: { ...image.focalPoint, x: clamp(Number(event.target.value) / 100) },
                      })
                    }
                  />
                  <label htmlFor={`image-${index}-fy`}>Down</label>
                  <input
                    id={`image-${index}-fy`}
                    type="number"
                    min={0}
                    max={100}
                    value={percent(image.focalPoint.y)}
                    readOnly={readOnly}
                    onKeyDown={onFocusKey}
                    onChange={(event) =>
                      change(index, {
                        focalPoint: { ...image.focalPoint, y: clamp(Number(event.target.value) / 100) },
                      })
                    }
                  />
                </fieldset>
                {!readOnly && (
                  <p className="cfg-row-actions">
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      data-move="up"
                      disabled={index === 0}
                      aria-label={`Move image ${n} up`}
                      onClick={() => move(index, index - 1, true)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      data-move="down"
                      disabled={index === images.length - 1}
                      aria-label={`Move image ${n} down`}
                      onClick={() => move(index, index + 1, true)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="cfg-button-secondary"
                      aria-label={`Remove image ${n}`}
                      onClick={() => {
                        onChange(images.filter((_, i) => i !== index));
                        setAnnouncement(`Image ${n} removed.`);
                      }}
                    >
                      Remove
                    </button>
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
