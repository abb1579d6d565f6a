/**
 * The site's navigations (issue 31): each one the template declares, its pages, links and folders
 * put in order by dragging or with Up and Down (focus stays on the moved entry, the status line reads
 * the move out), switched off without being removed, and saved together on the version loaded. When
 * someone saved since, the server answers 409 naming who and when, and everything arranged here
 * stays. The header's navigation warns when its titles would not fit the header on one line.
 */
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  NAVIGATION_ENTRIES_MAX,
  NAVIGATION_TITLE_MAX,
  isNavigationUrl,
  navigationFitWarning,
  type NavigationEditorEntry,
  type NavigationEntries,
  type NavigationLeaf,
} from '@storefront/core/navigation';
import type { NavigationRecord, NavigationRevisions } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, putJson } from './api.ts';
import { Outcome } from './parts.tsx';

const API = '/api/config/navigation';

type Keyed<T> = T & { key: string };
type Leaf = Keyed<NavigationLeaf>;
type Folder = Keyed<{ kind: 'folder'; title: string; disabled: boolean; items: Leaf[] }>;
type Entry = Leaf | Folder;
type Draft = Record<string, Entry[]>;

let lastKey = 0;
const keyed = <T extends object>(value: T): Keyed<T> => ({ ...value, key: `e${++lastKey}` });

function draftOf(record: NavigationRecord): Draft {
  const draft: Draft = {};
  for (const { name, entries } of record.navigations)
    draft[name] = entries.map((entry): Entry =>
      entry.kind === 'folder' ? keyed({ ...entry, items: entry.items.map((i) => keyed(i)) }) : keyed(entry),
    );
  return draft;
}

const unkeyLeaf = (leaf: Leaf): NavigationLeaf => {
  const { key: _key, ...rest } = leaf;
  return rest;
};

function entriesOf(draft: Draft): NavigationEntries {
  const entries: NavigationEntries = {};
  for (const [name, list] of Object.entries(draft))
    entries[name] = list.map((entry): NavigationEditorEntry => {
      if (entry.kind !== 'folder') return unkeyLeaf(entry);
      const { key: _key, items, ...folder } = entry;
      return { ...folder, items: items.map(unkeyLeaf) };
    });
  return entries;
}

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'The navigation could not be saved. Please try again.';

export function NavigationScreen({ canEdit }: { canEdit: boolean }) {
  const [record, setRecord] = useState<NavigationRecord>();
  const [draft, setDraft] = useState<Draft>({});
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [revisions, setRevisions] = useState<NavigationRevisions['revisions']>([]);
  const [dragging, setDragging] = useState<string>();
  /** The button to give focus back to once a move is drawn (the list's nodes move under it). */
  const focusAfter = useRef<string | undefined>(undefined);

  const loadRevisions = () =>
    getJson<NavigationRevisions>(`${API}/revisions`).then(
      (answer) => setRevisions(answer.revisions),
      () => setRevisions([]),
    );
  const load = (answer: NavigationRecord) => {
    setRecord(answer);
    setDraft(draftOf(answer));
  };
  useEffect(() => {
    getJson<NavigationRecord>(API).then(load, (e: unknown) => setError(problemOf(e)));
    void loadRevisions();
  }, []);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = undefined;
  });

  if (!record)
    return (
      <>
        <h1>Navigation</h1>
        <Outcome done="" error={error} />
      </>
    );

  const pageTitle = (urlId: string) => record.pages.find((p) => p.urlId === urlId)?.title ?? `/${urlId}`;
  const titleOf = (entry: Entry) =>
    entry.kind === 'page' ? pageTitle(entry.urlId) : entry.title || 'Untitled';
  const setList = (name: string, list: Entry[]) => setDraft((d) => ({ ...d, [name]: list }));
  const listOf = (name: string) => draft[name] ?? [];

  /** Replaces entry `key` of navigation `name` (wherever it sits) with what `change` makes of it. */
  const update = (name: string, key: string, change: (entry: Entry) => Entry | undefined) =>
    setList(
      name,
      listOf(name).flatMap((entry): Entry[] => {
        if (entry.key === key) return [change(entry)].filter((e): e is Entry => e !== undefined);
        if (entry.kind !== 'folder') return [entry];
        const items = entry.items.flatMap((leaf): Leaf[] => {
          if (leaf.key !== key) return [leaf];
          const changed = change(leaf);
          return changed && changed.kind !== 'folder' ? [changed] : [];
        });
        return [{ ...entry, items }];
      }),
    );

  const move = (
    name: string,
    folderKey: string | null,
    from: number,
    to: number,
    how: 'keyboard' | 'drag',
  ) => {
    const list = listOf(name);
    const folder = folderKey === null ? undefined : list.find((e): e is Folder => e.key === folderKey);
    const siblings: Entry[] = folder ? folder.items : list;
    const entry = siblings[from];
    if (!entry || to < 0 || to >= siblings.length || from === to) return;
    const next = moved(siblings, from, to);
    setList(
      name,
      folder ? list.map((e) => (e.key === folder.key ? { ...folder, items: next as Leaf[] } : e)) : next,
    );
    if (how === 'keyboard') {
      const direction = to < from ? 'up' : 'down';
      const edge = direction === 'up' ? to === 0 : to === next.length - 1;
      focusAfter.current = `move-${edge ? (direction === 'up' ? 'down' : 'up') : direction}-${entry.key}`;
    }
    setDone(
      `${titleOf(entry)} moved to position ${to + 1} of ${next.length}${folder ? ` in ${folder.title}` : ''}. Save to show it on the site.`,
    );
  };

  const intoFolder = (name: string, key: string, folderKey: string) => {
    const list = listOf(name);
    const entry = list.find((e) => e.key === key);
    if (!entry || entry.kind === 'folder') return;
    setList(
      name,
      list
        .filter((e) => e.key !== key)
        .map((e) => (e.key === folderKey && e.kind === 'folder' ? { ...e, items: [...e.items, entry] } : e)),
    );
    const folder = list.find((e) => e.key === folderKey);
    setDone(
      `${titleOf(entry)} is now in ${folder && folder.kind === 'folder' ? folder.title : 'the folder'}.`,
    );
  };
  const outOfFolder = (name: string, folderKey: string, key: string) => {
    const list = listOf(name);
    const at = list.findIndex((e) => e.key === folderKey);
    const folder = list[at];
    if (!folder || folder.kind !== 'folder') return;
    const leaf = folder.items.find((i) => i.key === key);
    if (!leaf) return;
    const next = [...list];
    next.splice(at, 1, { ...folder, items: folder.items.filter((i) => i.key !== key) }, leaf);
    setList(name, next);
    focusAfter.current = `entry-${leaf.key}`;
    setDone(`${titleOf(leaf)} is now after ${folder.title}.`);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit || saving) return;
    setSaving(true);
    setDone('');
    setError('');
    try {
      const saved = await putJson<NavigationRecord>(API, {
        version: record.version,
        navigations: entriesOf(draft),
      });
      load(saved);
      setDone(`Saved: the site shows the new navigation. Version ${saved.version}.`);
      void loadRevisions();
    } catch (e) {
      // The draft stays as arranged: the message says what to do (on a 409, who saved and when).
      setError(problemOf(e));
    } finally {
      setSaving(false);
    }
  };
  const loadTheirs = () =>
    getJson<NavigationRecord>(API).then(
      (answer) => {
        load(answer);
        setError('');
        setDone(`Loaded version ${answer.version}.`);
      },
      (e: unknown) => setError(problemOf(e)),
    );
  const restore = (revisionId: string, version: number) =>
    postJson<NavigationRecord>(`${API}/revisions/${encodeURIComponent(revisionId)}/restore`).then(
      (answer) => {
        load(answer);
        setError('');
        setDone(`Restored version ${version}: the site shows it. Version ${answer.version}.`);
        void loadRevisions();
      },
      (e: unknown) => setError(problemOf(e)),
    );

  const onDrop = (event: DragEvent, name: string, folderKey: string | null, to: number) => {
    event.preventDefault();
    const [fromName, fromFolder, fromIndex] = event.dataTransfer.getData('text/plain').split('|');
    setDragging(undefined);
    const from = Number(fromIndex);
    if (fromName === name && (fromFolder || null) === folderKey && Number.isInteger(from))
      move(name, folderKey, from, to, 'drag');
  };

  const linkFields = (name: string, entry: Leaf | Folder) => {
    if (entry.kind === 'page') return null;
    const id = `nav-${entry.key}`;
    const titleProblem =
      entry.title.trim() === ''
        ? 'Give it a title.'
        : [...entry.title].length > NAVIGATION_TITLE_MAX
          ? `At most ${NAVIGATION_TITLE_MAX} characters.`
          : '';
    const urlProblem =
      entry.kind === 'link' && entry.url !== '' && !isNavigationUrl(entry.url)
        ? 'Use https://…, http://…, mailto:…, tel:… or a path starting with /.'
        : '';
    return (
      <span className="cfg-nav-fields">
        <label htmlFor={`${id}-title`}>{entry.kind === 'folder' ? 'Folder title' : 'Link title'}</label>
        <input
          id={`${id}-title`}
          value={entry.title}
          maxLength={NAVIGATION_TITLE_MAX}
          size={18}
          disabled={!canEdit}
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={titleProblem ? `${id}-title-problem` : undefined}
          onChange={(e) => update(name, entry.key, (x) => ({ ...x, title: e.target.value }) as Entry)}
        />
        {titleProblem && (
          <span id={`${id}-title-problem`} className="cfg-error">
            {titleProblem}
          </span>
        )}
        {entry.kind === 'link' && (
          <>
            <label htmlFor={`${id}-url`}>Address</label>
            <input
              id={`${id}-url`}
              value={entry.url}
              size={24}
              placeholder="/journal or https://…"
              disabled={!canEdit}
              aria-invalid={urlProblem ? true : undefined}
              aria-describedby={urlProblem ? `${id}-url-problem` : undefined}
              onChange={(e) => update(name, entry.key, (x) => ({ ...x, url: e.target.value }) as Entry)}
            />
            {urlProblem && (
              <span id={`${id}-url-problem`} className="cfg-error">
                {urlProblem}
              </span>
            )}
            <label>
              <input
                type="checkbox"
                disabled={!canEdit}
                checked={entry.newWindow}
                onChange={(e) =>
                  update(name, entry.key, (x) => ({ ...x, newWindow: e.target.checked }) as Entry)
                }
              />{' '}
              Open in a new window
            </label>
          </>
        )}
      </span>
    );
  };

  const row = (name: string, folder: Folder | null, entry: Entry, index: number, count: number) => {
    const title = titleOf(entry);
    const folders = folder ? [] : listOf(name).filter((e): e is Folder => e.kind === 'folder');
    const dragKey = `${name}|${folder?.key ?? ''}|${index}`;
    return (
      <li
        key={entry.key}
        className={dragging === dragKey ? 'cfg-order-item cfg-order-dragging' : 'cfg-order-item'}
        draggable={canEdit}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.setData('text/plain', dragKey);
          event.dataTransfer.effectAllowed = 'move';
          setDragging(dragKey);
        }}
        onDragEnd={() => setDragging(undefined)}
        onDragOver={(event) => {
          if (canEdit) event.preventDefault();
        }}
        onDrop={(event) => {
          event.stopPropagation();
          onDrop(event, name, folder?.key ?? null, index);
        }}
      >
        {canEdit && (
          <span className="cfg-order-handle" aria-hidden="true">
            ⠿
          </span>
        )}
        <span className="cfg-order-title" id={`entry-${entry.key}`} tabIndex={-1}>
          {entry.kind === 'page' ? `${title} (page)` : entry.kind === 'link' ? 'Link' : 'Folder'}
          {entry.disabled ? ' — off' : ''}
        </span>
        {linkFields(name, entry)}
        {canEdit && (
          <span className="cfg-order-buttons">
            <button
              type="button"
              id={`move-up-${entry.key}`}
              className="cfg-button-secondary"
              aria-label={`Move ${title} up`}
              disabled={index === 0}
              onClick={() => move(name, folder?.key ?? null, index, index - 1, 'keyboard')}
            >
              Up
            </button>
            <button
              type="button"
              id={`move-down-${entry.key}`}
              className="cfg-button-secondary"
              aria-label={`Move ${title} down`}
              disabled={index === count - 1}
              onClick={() => move(name, folder?.key ?? null, index, index + 1, 'keyboard')}
            >
              Down
            </button>
            <label>
              <input
                type="checkbox"
                checked={!entry.disabled}
                aria-label={`Show ${title}`}
                onChange={(e) => update(name, entry.key, (x) => ({ ...x, disabled: !e.target.checked }))}
              />{' '}
              Shown
            </label>
            {entry.kind !== 'folder' && folders.length > 0 && (
              <select
                aria-label={`Put ${title} in a folder`}
                value=""
                onChange={(e) => {
                  if (e.target.value) intoFolder(name, entry.key, e.target.value);
                }}
              >
                <option value="">Put in folder…</option>
                {folders.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.title || 'Untitled'}
                  </option>
                ))}
              </select>
            )}
            {folder && (
              <button
                type="button"
                className="cfg-button-secondary"
                onClick={() => outOfFolder(name, folder.key, entry.key)}
              >
                Take {title} out of {folder.title || 'the folder'}
              </button>
            )}
            <button
              type="button"
              className="cfg-button-secondary"
              aria-label={`Remove ${title}`}
              onClick={() => update(name, entry.key, () => undefined)}
            >
              Remove
            </button>
          </span>
        )}
        {entry.kind === 'folder' && (
          <ol
            className="cfg-order cfg-nav-folder"
            aria-label={`Pages and links in ${entry.title || 'the folder'}`}
          >
            {entry.items.length === 0 && <li className="cfg-muted">Empty: put pages or links in it.</li>}
            {entry.items.map((leaf, i) => row(name, entry, leaf, i, entry.items.length))}
          </ol>
        )}
      </li>
    );
  };

  const headerTitles = (listOf(record.headerNavigation ?? '') ?? [])
    .filter((e) => !e.disabled && !(e.kind === 'folder' && e.items.every((i) => i.disabled)))
    .map(titleOf);
  const fitWarning = record.headerNavigation ? navigationFitWarning(headerTitles) : null;

  return (
    <>
      <h1>Navigation</h1>
      <p className="cfg-muted">
        {record.updatedBy
          ? `Last saved ${new Date(record.updatedOn ?? 0).toLocaleString()} by ${record.updatedBy}.`
          : 'As the site’s content folder set it.'}{' '}
        These are the site’s header and footer links: the template draws nothing else.
      </p>
      {!canEdit && <p>You can read the navigation; changing it needs the editor or admin role.</p>}
      <Outcome done={done} error={error} />
      {error && canEdit && (
        <p>
          <button type="button" className="cfg-button-secondary" onClick={() => void loadTheirs()}>
            Load the saved navigation (drops what you arranged)
          </button>
        </p>
      )}
      <form onSubmit={(e) => void save(e)} aria-label="Navigation">
        {record.navigations.map(({ name, title }) => {
          const list = listOf(name);
          const used = new Set(
            list
              .flatMap((e) => (e.kind === 'folder' ? e.items : [e]))
              .flatMap((e) => (e.kind === 'page' ? [e.urlId] : [])),
          );
          const free = record.pages.filter((p) => !used.has(p.urlId));
          const selectId = `add-page-${name}`;
          return (
            <section key={name} className="cfg-panel" aria-labelledby={`nav-title-${name}`}>
              <h2 id={`nav-title-${name}`}>{title}</h2>
              {name === record.headerNavigation && (
                <p className={fitWarning ? 'cfg-error' : 'cfg-muted'} id={`fit-${name}`}>
                  {fitWarning ?? 'The header shows these on one line.'}
                </p>
              )}
              {canEdit && (
                <p className="cfg-muted">
                  Drag an entry to its place, or use its Up and Down buttons. Untick Shown to hide it without
                  removing it.
                </p>
              )}
              {list.length === 0 ? (
                <p>Nothing in this navigation.</p>
              ) : (
                <ol className="cfg-order" aria-label={`${title}, in the order visitors see it`}>
                  {list.map((entry, i) => row(name, null, entry, i, list.length))}
                </ol>
              )}
              {canEdit && list.length < NAVIGATION_ENTRIES_MAX && (
                <div className="cfg-inline-form">
                  <label htmlFor={selectId}>Page to add</label>
                  <select id={selectId} defaultValue="">
                    {free.map((p) => (
                      <option key={p.urlId} value={p.urlId}>
                        {p.title}
                        {p.enabled ? '' : ' (off)'}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    disabled={free.length === 0}
                    onClick={() => {
                      const select = document.getElementById(selectId) as HTMLSelectElement | null;
                      const urlId = select?.value || free[0]?.urlId;
                      if (!urlId) return;
                      const entry = keyed({ kind: 'page' as const, urlId, disabled: false });
                      setList(name, [...list, entry]);
                      focusAfter.current = `entry-${entry.key}`;
                      setDone(`${pageTitle(urlId)} added at the end of ${title}.`);
                    }}
                  >
                    Add page
                  </button>
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    onClick={() => {
                      const entry = keyed({
                        kind: 'link' as const,
                        title: '',
                        url: '',
                        newWindow: false,
                        disabled: false,
                      });
                      setList(name, [...list, entry]);
                      focusAfter.current = `nav-${entry.key}-title`;
                    }}
                  >
                    Add link
                  </button>
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    onClick={() => {
                      const entry = keyed({
                        kind: 'folder' as const,
                        title: '',
                        disabled: false,
                        items: [] as Leaf[],
                      });
                      setList(name, [...list, entry]);
                      focusAfter.current = `nav-${entry.key}-title`;
                    }}
                  >
                    Add folder
                  </button>
                </div>
              )}
            </section>
          );
        })}
        {canEdit && (
          <p>
            <button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save navigation'}
            </button>
          </p>
        )}
      </form>
      {revisions.length > 0 && (
        <section className="cfg-panel" aria-labelledby="nav-revisions">
          <h2 id="nav-revisions">Earlier versions</h2>
          <ul>
            {revisions.map((r) => (
              <li key={r.id}>
                Version {r.version}, {new Date(r.savedOn).toLocaleString()}
                {r.savedBy ? ` by ${r.savedBy}` : ''}: {r.changes.join('; ')}{' '}
                {canEdit && r.version !== record.version && (
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    onClick={() => void restore(r.id, r.version)}
                  >
                    Restore version {r.version}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
