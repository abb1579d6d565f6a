/**
 * The media library (`/config/media`): every file the site serves at `/media/…`, newest first, with
 * a search by name; upload several at once with a progress bar each; alt text; where each file is
 * used; delete, which the server refuses while a file is in use (its message says where).
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatFileSize } from '@storefront/core/file-size';
import { IDEMPOTENCY_HEADER, type MediaAsset, type MediaPage, type MediaUse } from '@storefront/core/wire';
import { writeHeaders } from '../cookies.ts';
import { ConfigError, deleteJson, getJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MEDIA_ACCEPT, MEDIA_API, uploadMedia, UploadError, type UploadProgress } from './media-upload.ts';
import { CursorPager, FilterForm, InlineError, Outcome } from './parts.tsx';

const problemOf = (e: unknown) =>
  e instanceof ConfigError || e instanceof UploadError
    ? e.message
    : 'Something went wrong. Please try again.';

/** Resized by the image service; SVG and GIF are drawn as they are. */
const thumbnailOf = (asset: MediaAsset) =>
  /^image\/(jpeg|png|webp|avif)$/.test(asset.contentType) ? `${asset.url}?format=300w` : asset.url;

const USE_KIND: Readonly<Record<MediaUse['kind'], string>> = {
  product: 'Product',
  page: 'Page',
  post: 'Post',
  collection: 'Store page',
  site: 'Site',
};

async function saveAlt(id: string, alt: string): Promise<MediaAsset> {
  const response = await fetch(`${MEDIA_API}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
      ...writeHeaders(document.cookie),
    },
    body: JSON.stringify({ alt }),
  });
  const body = (await response.json().catch(() => null)) as (MediaAsset & { message?: unknown }) | null;
  if (!response.ok || !body)
    throw new ConfigError(
      response.status,
      typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`,
    );
  return body;
}

interface Sending {
  name: string;
  loaded: number;
  total: number;
  outcome: 'sending' | 'done' | 'failed';
  problem: string;
}

function UploadPanel({ onUploaded }: { onUploaded: (assets: MediaAsset[]) => void }) {
  const inputId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const busy = sending.some((s) => s.outcome === 'sending');

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setSending(
      files.map((f) => ({ name: f.name, loaded: 0, total: f.size, outcome: 'sending', problem: '' })),
    );
    const indexOf = new Map(files.map((f, i) => [f, i]));
    const update = (index: number, change: Partial<Sending>) =>
      setSending((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
    const results = await uploadMedia(files, (p: UploadProgress) =>
      update(indexOf.get(p.file) ?? -1, { loaded: p.loaded, total: p.total }),
    );
    const uploaded: MediaAsset[] = [];
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') {
        uploaded.push(result.value);
        update(index, { outcome: 'done', loaded: files[index]?.size ?? 0 });
      } else update(index, { outcome: 'failed', problem: problemOf(result.reason) });
    });
    if (uploaded.length > 0) onUploaded(uploaded);
  };

  return (
    <section className="cfg-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Upload</h2>
      <p>
        <label htmlFor={inputId}>Add files (JPEG, PNG, WebP, AVIF, GIF or SVG)</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          disabled={busy}
          onChange={(e) => void onFiles(e)}
        />
      </p>
      {sending.length > 0 && (
        <ul className="cfg-media-uploads" aria-label="Uploads">
          {sending.map((s, index) => (
            <li key={`${s.name}-${index}`}>
              <span className="cfg-media-upload-name">{s.name}</span>
              <progress
                max={Math.max(1, s.total)}
                value={s.loaded}
                aria-label={`Upload of ${s.name}`}
                aria-valuetext={`${Math.round((100 * s.loaded) / Math.max(1, s.total))}%`}
              />
              <span
                role={s.outcome === 'failed' ? 'alert' : 'status'}
                className={s.outcome === 'failed' ? 'cfg-error' : ''}
              >
                {s.outcome === 'sending'
                  ? `${formatFileSize(s.loaded)} of ${formatFileSize(s.total)}`
                  : s.outcome === 'done'
                    ? 'Uploaded'
                    : s.problem}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AssetCard({
  asset,
  canEdit,
  onSaved,
  onDelete,
}: {
  asset: MediaAsset;
  canEdit: boolean;
  onSaved: (asset: MediaAsset) => void;
  onDelete: (asset: MediaAsset) => void;
}) {
  const altId = useId();
  const [alt, setAlt] = useState(asset.alt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setSaved('');
    try {
      const answer = await saveAlt(asset.id, alt);
      setAlt(answer.alt);
      onSaved(answer);
      setSaved('Saved');
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="cfg-media-card">
      <img
        src={thumbnailOf(asset)}
        alt=""
        loading="lazy"
        width={asset.width ?? undefined}
        height={asset.height ?? undefined}
      />
      <h3 className="cfg-media-name">
        <a href={asset.url}>{asset.fileName}</a>
      </h3>
      <p className="cfg-muted">
        {formatFileSize(asset.bytes)}
        {asset.width && asset.height ? ` · ${asset.width}×${asset.height}` : ''}
      </p>
      <form onSubmit={(e) => void onSubmit(e)} aria-label={`Alt text of ${asset.fileName}`}>
        <label htmlFor={altId}>Alt text</label>
        <input
          id={altId}
          value={alt}
          maxLength={1000}
          readOnly={!canEdit}
          onChange={(e) => setAlt(e.target.value)}
        />
        {canEdit && (
          <p className="cfg-actions">
            <button type="submit" disabled={busy} aria-label={`Save alt text of ${asset.fileName}`}>
              Save
            </button>
            <span role="status">{saved}</span>
            <InlineError error={error} />
          </p>
        )}
      </form>
      <p>
        {asset.usedBy.length === 0
          ? 'Not used'
          : `Used by ${asset.usedBy.map((use) => `${USE_KIND[use.kind]}: ${use.title}`).join('; ')}`}
      </p>
      {canEdit && (
        <p>
          <button
            type="button"
            className="cfg-button-danger"
            onClick={() => onDelete(asset)}
            aria-label={`Delete ${asset.fileName}`}
          >
            Delete
          </button>
        </p>
      )}
    </li>
  );
}

export function MediaScreen({ canEdit }: { canEdit: boolean }) {
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<MediaPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<MediaAsset>();
  const [busy, setBusy] = useState(false);

  const load = (query = q, at = cursor) =>
    getJson<MediaPage>(`${MEDIA_API}${queryOf({ q: query, cursor: at })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e)),
    );
  useEffect(() => {
    void load();
  }, [q, cursor]);

  const onDeleteConfirmed = async (asset: MediaAsset) => {
    setBusy(true);
    setDone('');
    setError('');
    try {
      await deleteJson(`${MEDIA_API}/${encodeURIComponent(asset.id)}`);
      setDone(`Deleted ${asset.fileName}.`);
      await load();
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Media</h1>
      {!canEdit && (
        <p>You can see the library; uploading and changing files needs the admin or store manager role.</p>
      )}
      {canEdit && (
        <UploadPanel
          onUploaded={(assets) => {
            setDone(`Uploaded ${assets.map((a) => a.fileName).join(', ')}.`);
            setCursor('');
            void load(q, '');
          }}
        />
      )}
      <FilterForm
        search
        label="Find files"
        submitText="Find"
        onFilter={(data) => {
          setCursor('');
          setQ(String(data.get('q') ?? '').trim());
        }}
      >
        <p>
          <label htmlFor="media-q">File name</label>
          <input id="media-q" name="q" type="search" defaultValue={q} />
        </p>
      </FilterForm>
      <Outcome done={done} error={error} />
      {page && page.assets.length === 0 && <p>{q ? 'No file has that name.' : 'The library is empty.'}</p>}
      {page && page.assets.length > 0 && (
        <ul className="cfg-media-grid" aria-label="Files">
          {page.assets.map((asset) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              canEdit={canEdit}
              onSaved={(saved) =>
                setPage((p) => p && { ...p, assets: p.assets.map((a) => (a.id === saved.id ? saved : a)) })
              }
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.fileName ?? 'the file'}?`}
        confirmText="Delete for good"
        danger
        busy={busy}
        onKeep={() => setDeleting(undefined)}
        onConfirm={() => {
          const asset = deleting;
          setDeleting(undefined);
          if (asset) void onDeleteConfirmed(asset);
        }}
      >
        <p>The file is removed from the library and its address stops working. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
