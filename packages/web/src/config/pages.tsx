/**
 * Pages (issue 31 Build 2): every page of the site with its type, address, whether it is enabled
 * and which is the home page; a new page of any type the template offers; one page's title,
 * address, enabled flag and home marker, a gallery page's options (each number within spec §9's
 * range), an events page's dates and places, its revisions (restorable) and deleting it, optionally
 * sending its address elsewhere. A save made on an older version is refused with who saved and
 * when, and the form keeps what was typed. Every change shows on the storefront's next request.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  GALLERY_ALIGNMENTS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  GALLERY_RANGES,
  type GalleryOptionsWire,
  type PageDetail,
  type PageEvent,
  type PageList,
  type PageRevisions,
} from '@storefront/core/wire';
import { ConfigError, deleteJson, getJson, patchJson, postJson } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InlineError, Outcome, RecordsTable } from './parts.tsx';
import { Link, navigate } from './router.tsx';

const API = '/api/config/pages';
const pageApi = (id: string) => `${API}/${encodeURIComponent(id)}`;
const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

/** What each type is called on the screen. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  page: 'Page',
  blog: 'Blog',
  events: 'Events',
  gallery: 'Gallery',
  products: 'Store',
  index: 'Index',
  folder: 'Folder',
};
const typeLabel = (type: string) => TYPE_LABELS[type] ?? type;

/** The slug a title suggests: lower-case words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

export function PagesScreen({ canEdit }: { canEdit: boolean }) {
  const [list, setList] = useState<PageList>();
  const [error, setError] = useState('');

  useEffect(() => {
    getJson<PageList>(API).then(setList, (e: unknown) => setError(problemOf(e)));
  }, []);

  return (
    <>
      <h1>Pages</h1>
      <Outcome done="" error={error} />
      {!list ? (
        !error && <p>Loading…</p>
      ) : (
        <RecordsTable
          caption="Pages, in the site's order"
          emptyText="No pages yet."
          rows={list.pages}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Page', cell: (p) => <Link href={`/config/pages/${p.id}`}>{p.title}</Link> },
            { header: 'Type', cell: (p) => typeLabel(p.type) },
            { header: 'Address', cell: (p) => p.url },
            { header: 'Shown', cell: (p) => (p.enabled ? 'Enabled' : 'Disabled') },
            { header: 'Home page', cell: (p) => (p.homepage ? 'Home page' : '') },
          ]}
        />
      )}
      {canEdit && list ? (
        <NewPage types={list.types} />
      ) : (
        list && <p>You can read the pages; changing them needs the editor or admin role.</p>
      )}
    </>
  );
}

function NewPage({ types }: { types: string[] }) {
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [type, setType] = useState(types[0] ?? 'page');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const shownSlug = slugEdited ? slug : slugOf(title);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const page = await postJson<PageDetail>(API, { title, slug: shownSlug, type });
      navigate(`/config/pages/${page.id}`);
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cfg-panel cfg-form" aria-label="New page" onSubmit={(e) => void onSubmit(e)}>
      <h2>New page</h2>
      <p>
        <label htmlFor="new-page-type">Type</label>
        <select id="new-page-type" value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor="new-page-title">Title</label>
        <input
          id="new-page-title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor="new-page-slug">Address</label>
        <span className="cfg-inline-form">
          <span aria-hidden="true">/</span>
          <input
            id="new-page-slug"
            required
            maxLength={100}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            aria-describedby="new-page-slug-hint"
            value={shownSlug}
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.target.value);
            }}
          />
        </span>
        <span id="new-page-slug-hint" className="cfg-muted">
          Lower-case letters, digits and hyphens.
        </span>
      </p>
      <p>
        <button type="submit" disabled={busy}>
          Create page
        </button>{' '}
        <InlineError error={error} />
      </p>
    </form>
  );
}

export function PageScreen({
  id,
  canEdit,
  canEditStore,
}: {
  id: string;
  canEdit: boolean;
  canEditStore: boolean;
}) {
  const [page, setPage] = useState<PageDetail>();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [revisionsShown, setRevisionsShown] = useState(0);

  useEffect(() => {
    getJson<PageDetail>(pageApi(id)).then(setPage, (e: unknown) => setError(problemOf(e)));
  }, [id]);

  if (!page)
    return (
      <>
        <h1>Page</h1>
        <Outcome done="" error={error} />
        {!error && <p>Loading…</p>}
      </>
    );

  const editable = canEdit && (page.type !== 'products' || canEditStore);
  const saved = (next: PageDetail, message: string) => {
    setPage(next);
    setError('');
    setDone(message);
    setRevisionsShown((n) => n + 1);
  };
  const failed = (e: unknown) => {
    setDone('');
    setError(problemOf(e));
  };

  return (
    <>
      <p>
        <Link href="/config/pages">All pages</Link>
      </p>
      <h1>{page.title}</h1>
      <p>
        {typeLabel(page.type)} · {page.enabled ? 'Enabled' : 'Disabled'}
        {page.homepage ? ' · Home page' : ''} ·{' '}
        {page.enabled ? (
          <a href={page.url}>View {page.url} on the site</a>
        ) : (
          `${page.url} answers “not found”`
        )}
      </p>
      {!editable && (
        <p>
          {page.type === 'products' && canEdit
            ? 'Store pages are changed by staff who may edit the catalogue (a store manager or admin).'
            : 'You can read this page; changing it needs the editor or admin role.'}
        </p>
      )}
      {page.type === 'page' && (
        <p>
          <Link href={`/config/pages/${encodeURIComponent(page.id)}/content`}>
            Write this page&apos;s content
          </Link>
        </p>
      )}
      <Outcome done={done} error={error} />
      <PageSettings page={page} canEdit={editable} onSaved={saved} />
      {page.type === 'gallery' && page.galleryOptions && (
        <GalleryOptionsForm page={page} canEdit={editable} onSaved={saved} />
      )}
      {page.type === 'events' && page.events && (
        <EventsPanel page={page} canEdit={editable} onSaved={(message) => setDone(message)} />
      )}
      <Revisions page={page} reload={revisionsShown} canEdit={editable} onSaved={saved} onFailed={failed} />
      {editable && <DeletePage page={page} onFailed={failed} />}
    </>
  );
}

interface PartProps {
  page: PageDetail;
  canEdit: boolean;
  onSaved: (page: PageDetail, message: string) => void;
}

function PageSettings({ page, canEdit, onSaved }: PartProps) {
  const [title, setTitle] = useState(page.title);
  const [slug, setSlug] = useState(page.slug);
  const [enabled, setEnabled] = useState(page.enabled);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (change: Record<string, unknown>, message: (next: PageDetail) => string) => {
    setBusy(true);
    setError('');
    try {
      const next = await patchJson<PageDetail>(pageApi(page.id), { version: page.version, ...change });
      onSaved(next, message(next));
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save({ title, slug, enabled }, (next) =>
      next.slug === page.slug ? 'Saved.' : `Saved. /${page.slug} now sends visitors to /${next.slug}.`,
    );
  };

  return (
    <form className="cfg-panel cfg-form" aria-label="Page settings" onSubmit={onSubmit}>
      <h2>Settings</h2>
      <p>
        <label htmlFor="page-title">Title</label>
        <input
          id="page-title"
          required
          maxLength={200}
          disabled={!canEdit}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor="page-slug">Address</label>
        <input
          id="page-slug"
          required
          maxLength={100}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          disabled={!canEdit}
          aria-describedby="page-slug-hint"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
        />
        <span id="page-slug-hint" className="cfg-muted">
          Lower-case letters, digits and hyphens. The old address keeps working: it sends visitors here.
        </span>
      </p>
      <p>
        <label>
          <input
            type="checkbox"
            checked={enabled}
            disabled={!canEdit || page.homepage}
            aria-describedby="page-enabled-hint"
            onChange={(e) => setEnabled(e.target.checked)}
          />{' '}
          Enabled
        </label>
        <span id="page-enabled-hint" className="cfg-muted">
          {page.homepage
            ? 'The home page is always enabled.'
            : 'A disabled page answers “not found” and leaves the navigation and the sitemap, with its items.'}
        </span>
      </p>
      {canEdit && (
        <p>
          <button type="submit" disabled={busy}>
            Save settings
          </button>{' '}
          {!page.homepage && page.enabled && (
            <button
              type="button"
              className="cfg-button-secondary"
              disabled={busy}
              onClick={() => void save({ homepage: true }, () => `${page.title} is now the home page.`)}
            >
              Make this the home page
            </button>
          )}{' '}
          <InlineError error={error} />
        </p>
      )}
    </form>
  );
}

type RangeName = keyof typeof GALLERY_RANGES;
const SWITCHES: readonly [keyof GalleryOptionsWire, string][] = [
  ['autoplay', 'Autoplay'],
  ['controls', 'Show controls'],
  ['auto-crop', 'Crop images to the aspect ratio'],
  ['square-thumbs', 'Square thumbnails'],
  ['thumbnails', 'Show thumbnails'],
  ['show-meta', 'Show titles and descriptions'],
  ['show-meta-basic', 'Plain titles'],
  ['show-meta-only-title', 'Titles only'],
  ['show-meta-on-hover', 'Titles on hover'],
  ['lightbox', 'Open images in a lightbox'],
  ['newWindow', 'Open links in a new window'],
  ['transparentBackground', 'Transparent background'],
];
const RANGE_LABELS: Readonly<Record<RangeName, string>> = {
  'autoplay-duration': 'Autoplay delay (seconds)',
  'thumbnail-strip-height': 'Thumbnail strip height (px)',
  'thumbnail-strip-margin': 'Thumbnail strip margin (px)',
  'thumbnails-per-row': 'Thumbnails per row',
  padding: 'Padding (px)',
  'max-width': 'Column max width (px)',
};

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </p>
  );
}

function GalleryOptionsForm({ page, canEdit, onSaved }: PartProps) {
  const [options, setOptions] = useState<GalleryOptionsWire>(page.galleryOptions as GalleryOptionsWire);
  /** Numbers as typed, so that a refused one stays in its field. */
  const [numbers, setNumbers] = useState<Record<RangeName, string>>(
    () =>
      Object.fromEntries(
        Object.keys(GALLERY_RANGES).map((name) => [name, String(options[name as RangeName])]),
      ) as Record<RangeName, string>,
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof GalleryOptionsWire>(key: K, value: GalleryOptionsWire[K]) =>
    setOptions((o) => ({ ...o, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const sent = {
        ...options,
        ...Object.fromEntries(Object.entries(numbers).map(([name, text]) => [name, Number(text)])),
      };
      const next = await patchJson<PageDetail>(pageApi(page.id), {
        version: page.version,
        galleryOptions: sent,
      });
      onSaved(next, 'Gallery options saved.');
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cfg-panel cfg-form" aria-label="Gallery options" onSubmit={(e) => void onSubmit(e)}>
      <h2>Gallery</h2>
      <Choice
        id="gallery-design"
        label="Design"
        value={options.design}
        options={GALLERY_DESIGNS}
        disabled={!canEdit}
        onChange={(v) => set('design', v)}
      />
      <Choice
        id="gallery-aspect-ratio"
        label="Aspect ratio"
        value={options['aspect-ratio']}
        options={GALLERY_ASPECT_RATIOS}
        disabled={!canEdit}
        onChange={(v) => set('aspect-ratio', v)}
      />
      <Choice
        id="gallery-meta-position"
        label="Title position"
        value={options['meta-position']}
        options={GALLERY_META_POSITIONS}
        disabled={!canEdit}
        onChange={(v) => set('meta-position', v)}
      />
      <Choice
        id="gallery-active-alignment"
        label="Active image alignment"
        value={options['active-alignment']}
        options={GALLERY_ALIGNMENTS}
        disabled={!canEdit}
        onChange={(v) => set('active-alignment', v)}
      />
      <Choice
        id="gallery-lightbox-theme"
        label="Lightbox theme"
        value={options.lightboxTheme}
        options={['light', 'dark'] as const}
        disabled={!canEdit}
        onChange={(v) => set('lightboxTheme', v)}
      />
      {(Object.keys(GALLERY_RANGES) as RangeName[]).map((name) => {
        const { min, max } = GALLERY_RANGES[name];
        return (
          <p key={name}>
            <label htmlFor={`gallery-${name}`}>{RANGE_LABELS[name]}</label>
            <input
              id={`gallery-${name}`}
              type="number"
              required
              disabled={!canEdit}
              aria-describedby={`gallery-${name}-hint`}
              value={numbers[name]}
              onChange={(e) => setNumbers((n) => ({ ...n, [name]: e.target.value }))}
            />
            <span id={`gallery-${name}-hint`} className="cfg-muted">
              {min} to {max}
            </span>
          </p>
        );
      })}
      <fieldset>
        <legend>Show</legend>
        {SWITCHES.map(([key, label]) => (
          <p key={key}>
            <label>
              <input
                type="checkbox"
                disabled={!canEdit}
                checked={options[key] === true}
                onChange={(e) => set(key, e.target.checked as never)}
              />{' '}
              {label}
            </label>
          </p>
        ))}
      </fieldset>
      {canEdit && (
        <p>
          <button type="submit" disabled={busy}>
            Save gallery options
          </button>{' '}
          <InlineError error={error} />
        </p>
      )}
    </form>
  );
}

/** `epoch` as a `datetime-local` value in `zone`. */
function localInput(epoch: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(epoch)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A `datetime-local` value read in `zone`, as epoch milliseconds (NaN when it is not one). */
function epochOf(local: string, zone: string): number {
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return Number.NaN;
  // The zone's offset at that moment, found by reading the UTC guess back in the zone.
  const guess = Date.parse(`${localInput(asUtc, zone)}:00Z`);
  return asUtc - (guess - asUtc);
}

function EventsPanel({
  page,
  canEdit,
  onSaved,
}: {
  page: PageDetail;
  canEdit: boolean;
  onSaved: (message: string) => void;
}) {
  const events = page.events ?? [];
  return (
    <section className="cfg-panel" aria-labelledby="events-title">
      <h2 id="events-title">Events</h2>
      {events.length === 0 ? (
        <p>This events page has no events yet.</p>
      ) : (
        events.map((event) => (
          <EventForm key={event.id} event={event} page={page} canEdit={canEdit} onSaved={onSaved} />
        ))
      )}
    </section>
  );
}

function EventForm({
  event: loaded,
  page,
  canEdit,
  onSaved,
}: {
  event: PageEvent;
  page: PageDetail;
  canEdit: boolean;
  onSaved: (message: string) => void;
}) {
  const [event, setEvent] = useState(loaded);
  const [zone, setZone] = useState(loaded.timeZone);
  const [start, setStart] = useState(localInput(loaded.startDate, loaded.timeZone));
  const [end, setEnd] = useState(localInput(loaded.endDate, loaded.timeZone));
  const [place, setPlace] = useState({
    addressTitle: loaded.location.addressTitle ?? '',
    addressLine1: loaded.location.addressLine1 ?? '',
    addressLine2: loaded.location.addressLine2 ?? '',
    addressCountry: loaded.location.addressCountry ?? '',
    mapLat: loaded.location.mapLat === undefined ? '' : String(loaded.location.mapLat),
    mapLng: loaded.location.mapLng === undefined ? '' : String(loaded.location.mapLng),
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = (name: string) => `event-${event.id}-${name}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const location: Record<string, string | number> = {
        addressTitle: place.addressTitle,
        addressLine1: place.addressLine1,
        addressLine2: place.addressLine2,
        addressCountry: place.addressCountry,
      };
      if (place.mapLat !== '') location.mapLat = Number(place.mapLat);
      if (place.mapLng !== '') location.mapLng = Number(place.mapLng);
      const next = await patchJson<PageEvent>(`${pageApi(page.id)}/events/${encodeURIComponent(event.id)}`, {
        version: event.version,
        startDate: epochOf(start, zone),
        endDate: epochOf(end, zone),
        timeZone: zone,
        location,
      });
      setEvent(next);
      onSaved(`${next.title} saved.`);
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const text = (name: keyof typeof place, label: string, extra: Record<string, unknown> = {}): ReactNode => (
    <p>
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        id={fieldId(name)}
        disabled={!canEdit}
        value={place[name]}
        onChange={(e) => setPlace((p) => ({ ...p, [name]: e.target.value }))}
        {...extra}
      />
    </p>
  );

  return (
    <form className="cfg-form" aria-label={`Event ${event.title}`} onSubmit={(e) => void onSubmit(e)}>
      <h3>{event.title}</h3>
      <p>
        <label htmlFor={fieldId('start')}>Starts</label>
        <input
          id={fieldId('start')}
          type="datetime-local"
          required
          disabled={!canEdit}
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={fieldId('end')}>Ends</label>
        <input
          id={fieldId('end')}
          type="datetime-local"
          required
          disabled={!canEdit}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </p>
      <p>
        <label htmlFor={fieldId('zone')}>Time zone</label>
        <input
          id={fieldId('zone')}
          required
          disabled={!canEdit}
          aria-describedby={fieldId('zone-hint')}
          value={zone}
          onChange={(e) => setZone(e.target.value)}
        />
        <span id={fieldId('zone-hint')} className="cfg-muted">
          A name like Europe/Paris.
        </span>
      </p>
      {text('addressTitle', 'Place')}
      {text('addressLine1', 'Address line 1')}
      {text('addressLine2', 'Address line 2')}
      {text('addressCountry', 'Country')}
      {text('mapLat', 'Map latitude', { inputMode: 'decimal', pattern: '-?\\d+(\\.\\d+)?' })}
      {text('mapLng', 'Map longitude', { inputMode: 'decimal', pattern: '-?\\d+(\\.\\d+)?' })}
      {canEdit && (
        <p>
          <button type="submit" disabled={busy}>
            Save event
          </button>{' '}
          <InlineError error={error} />
        </p>
      )}
    </form>
  );
}

function Revisions({
  page,
  reload,
  canEdit,
  onSaved,
  onFailed,
}: PartProps & { reload: number; onFailed: (e: unknown) => void }) {
  const [revisions, setRevisions] = useState<PageRevisions>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getJson<PageRevisions>(`${pageApi(page.id)}/revisions`).then(setRevisions, () => setRevisions(undefined));
  }, [page.id, reload]);

  if (!revisions || revisions.revisions.length === 0) return null;
  return (
    <section className="cfg-panel" aria-labelledby="revisions-title">
      <h2 id="revisions-title">Revisions</h2>
      <ul>
        {revisions.revisions.map((r) => (
          <li key={r.id}>
            Version {r.version}, {new Date(r.savedOn).toLocaleString()} by {r.savedBy ?? 'an import'}:{' '}
            {r.changes.join(', ')}
            {canEdit && r.version !== page.version && (
              <>
                {' '}
                <button
                  type="button"
                  className="cfg-button-secondary"
                  disabled={busy}
                  aria-label={`Restore version ${r.version}`}
                  onClick={() => {
                    setBusy(true);
                    postJson<PageDetail>(
                      `${pageApi(page.id)}/revisions/${encodeURIComponent(r.id)}/restore`,
                    ).then(
                      (next) => {
                        setBusy(false);
                        onSaved(next, `Version ${r.version} restored.`);
                      },
                      (e: unknown) => {
                        setBusy(false);
                        onFailed(e);
                      },
                    );
                  }}
                >
                  Restore
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeletePage({ page, onFailed }: { page: PageDetail; onFailed: (e: unknown) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [redirectTo, setRedirectTo] = useState('');
  if (page.homepage)
    return (
      <section className="cfg-panel" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        <p>This is the home page: make another page the home page before deleting it.</p>
      </section>
    );
  const holdsProducts = page.type === 'products' && page.itemCount > 0;
  const query = new URLSearchParams();
  if (redirectTo.trim()) query.set('redirectTo', redirectTo.trim());
  if (holdsProducts) query.set('confirmProducts', 'true');
  return (
    <section className="cfg-panel" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete</h2>
      <p>
        <label htmlFor="delete-redirect">Send visitors of {page.url} to (optional)</label>
        <input
          id="delete-redirect"
          placeholder="/journal"
          aria-describedby="delete-redirect-hint"
          value={redirectTo}
          onChange={(e) => setRedirectTo(e.target.value)}
        />
        <span id="delete-redirect-hint" className="cfg-muted">
          An address of this site starting with “/”. Left empty, the old address shows the not-found page.
        </span>
      </p>
      <button type="button" className="cfg-button-danger" onClick={() => setAsking(true)}>
        Delete page
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${page.title}?`}
        confirmText={holdsProducts ? `Delete the page and its ${page.itemCount} products` : 'Delete the page'}
        keepText="Keep it"
        danger
        busy={busy}
        onKeep={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          const suffix = query.toString();
          deleteJson(`${pageApi(page.id)}${suffix ? `?${suffix}` : ''}`).then(
            () => navigate('/config/pages'),
            (e: unknown) => {
              setBusy(false);
              setAsking(false);
              onFailed(e);
            },
          );
        }}
      >
        <p>
          {holdsProducts
            ? `${page.title} holds ${page.itemCount} products: they are deleted with it. `
            : page.itemCount > 0
              ? `Its ${page.itemCount} items are deleted with it. `
              : ''}
          {redirectTo.trim()
            ? `${page.url} will send its visitors to ${redirectTo.trim()}.`
            : `${page.url} will show the site’s not-found page.`}{' '}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
