/**
 * The media library (`/config/media`): every file the site serves at `/media/…`, newest first, with
 * a search by name; upload several at once with a progress bar each; alt text; where each file is
 * used; delete, which the server refuses while a file is in use (its message says where). A file's
 * alt text, title and focal point are saved on the version shown: when someone saved the file since,
 * the server answers 409 naming who and when and the card keeps what was typed. Each file's history
 * lists its revisions, and any of them can be restored.
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatFileSize } from '@storefront/core/file-size';
import {
  IDEMPOTENCY_HEADER,
  type MediaAsset,
  type MediaAssetChange,
  type MediaPage,
  type MediaUse,
  type RecordChanged,
  type RecordRevision,
  type RecordRevisions,
} from '@storefront/core/wire';
import { writeHeaders } from '../cookies.ts';
import { ConfigError, deleteJson, getJson, postJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { MEDIA_ACCEPT, MEDIA_API, uploadMedia, UploadError, type UploadProgress } from './media-upload.ts';
import { CursorPager, FilterForm, InlineError, Outcome } from './parts.tsx';
import { ConflictChoices, recordChangedOf, RevisionList } from './record-versions.tsx';

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

async function saveFields(id: string, change: MediaAssetChange): Promise<MediaAsset> {
  const response = await fetch(`${MEDIA_API}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      [IDEMPOTENCY_HEADER]: crypto.randomUUID(),
      ...writeHeaders(document.cookie),
    },
    body: JSON.stringify(change),
  });
  const body = (await response.json().catch(() => null)) as (MediaAsset & { message?: unknown }) | null;
  if (!response.ok || !body)
    throw new ConfigError(
      response.status,
      typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`,
      (body ?? {}) as Record<string, unknown>,
    );
  return body;
}

const assetApi = (id: string) => `${MEDIA_API}/${encodeURIComponent(id)}`;
/** A focal point coordinate (0 to 1) as the whole percent the form shows. */
const percentOf = (unit: number) => String(Math.round(unit * 100));
const unitOf = (percent: string) => Math.min(100, Math.max(0, Number(percent) || 0)) / 100;

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
  const fieldId = useId();
  const [alt, setAlt] = useState(asset.alt);
  const [title, setTitle] = useState(asset.title);
  const [focusX, setFocusX] = useState(percentOf(asset.focalPoint.x));
  const [focusY, setFocusY] = useState(percentOf(asset.focalPoint.y));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [saved, setSaved] = useState('');

  const show = (shown: MediaAsset) => {
    setAlt(shown.alt);
    setTitle(shown.title);
    setFocusX(percentOf(shown.focalPoint.x));
    setFocusY(percentOf(shown.focalPoint.y));
    setConflict(undefined);
    setError('');
    onSaved(shown);
  };

  const save = async (version: number) => {
    setBusy(true);
    setError('');
    setSaved('');
    try {
      const answer = await saveFields(asset.id, {
        version,
        alt,
        title,
        focalPoint: { x: unitOf(focusX), y: unitOf(focusY) },
      });
      show(answer);
      setSaved('Saved');
    } catch (e) {
      setConflict(recordChangedOf(e));
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(asset.version);
  };
  const loadTheirs = () =>
    getJson<MediaAsset>(assetApi(asset.id)).then(
      (theirs) => {
        show(theirs);
        setSaved(`Loaded version ${theirs.version}.`);
      },
      (e: unknown) => setError(problemOf(e)),
    );

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
      <form onSubmit={onSubmit} aria-label={`Alt text of ${asset.fileName}`}>
        <label htmlFor={`${fieldId}-alt`}>Alt text</label>
        <input
          id={`${fieldId}-alt`}
          value={alt}
          maxLength={1000}
          readOnly={!canEdit}
          onChange={(e) => setAlt(e.target.value)}
        />
        <label htmlFor={`${fieldId}-title`}>Title</label>
        <input
          id={`${fieldId}-title`}
          value={title}
          maxLength={200}
          readOnly={!canEdit}
          onChange={(e) => setTitle(e.target.value)}
        />
        <fieldset className="cfg-plain cfg-media-focal">
          <legend>Focal point, kept in view when the image is cropped</legend>
          <label htmlFor={`${fieldId}-x`}>From the left (%)</label>
          <input
            id={`${fieldId}-x`}
            type="number"
            min={0}
            max={100}
            value={focusX}
            readOnly={!canEdit}
            onChange={(e) => setFocusX(e.target.value)}
          />
          <label htmlFor={`${fieldId}-y`}>From the top (%)</label>
          <input
            id={`${fieldId}-y`}
            type="number"
            min={0}
            max={100}
            value={focusY}
            readOnly={!canEdit}
            onChange={(e) => setFocusY(e.target.value)}
          />
        </fieldset>
        {canEdit && (
          <p className="cfg-actions">
            <button type="submit" disabled={busy} aria-label={`Save alt text of ${asset.fileName}`}>
              Save
            </button>
            <span role="status">{saved}</span>
            <InlineError error={error} />
            {conflict && (
              <ConflictChoices
                conflict={conflict}
                busy={busy}
                onSaveMine={() => void save(conflict.currentVersion)}
                onLoadTheirs={() => void loadTheirs()}
              />
            )}
          </p>
        )}
      </form>
      <p>
        {asset.usedBy.length === 0
          ? 'Not used'
          : `Used by ${asset.usedBy.map((use) => `${USE_KIND[use.kind]}: ${use.title}`).join('; ')}`}
      </p>
      <AssetHistory
        asset={asset}
        canEdit={canEdit}
        onRestored={(restored, version) => {
          show(restored);
          setSaved(`Restored version ${version}: now version ${restored.version}.`);
        }}
      />
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

/** A file's revisions, read when opened (and again after each save), each restorable. */
function AssetHistory({
  asset,
  canEdit,
  onRestored,
}: {
  asset: MediaAsset;
  canEdit: boolean;
  onRestored: (asset: MediaAsset, version: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<RecordRevision[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!open) return;
    getJson<RecordRevisions>(`${assetApi(asset.id)}/revisions`).then(
      (answer) => setRevisions(answer.revisions),
      (e: unknown) => setError(problemOf(e)),
    );
  }, [open, asset.id, asset.version]);

  const restore = (revision: RecordRevision) => {
    setBusy(true);
    setError('');
    postJson<MediaAsset>(`${assetApi(asset.id)}/revisions/${encodeURIComponent(revision.id)}/restore`).then(
      (restored) => {
        setBusy(false);
        onRestored(restored, revision.version);
      },
      (e: unknown) => {
        setBusy(false);
        setError(problemOf(e));
      },
    );
  };

  return (
    <details
      className="cfg-media-history"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>History of {asset.fileName}</summary>
      <p className="cfg-muted">
        Version {asset.version}
        {asset.updatedBy ? `, saved by ${asset.updatedBy}` : ''}.
      </p>
      {revisions && (
        <RevisionList
          revisions={revisions}
          currentVersion={asset.version}
          canEdit={canEdit}
          busy={busy}
          label={`Revisions of ${asset.fileName}`}
          onRestore={restore}
        />
      )}
      <InlineError error={error} />
    </details>
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
