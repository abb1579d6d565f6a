/**
 * A page's layout (`/config/pages/:id/content`, issue 31): the blocks of its `main-content` field in
 * the block editor the posts use. A save goes live on the site at once; it carries the version the
 * screen was loaded at, and a 409 (someone saved since) keeps what was typed. Each save is a revision,
 * restorable.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ContentBlock, ContentRevisions, PageContentRecord, RecordChanged } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, putJson } from './api.ts';
import { BlocksEditor } from './blocks-editor.tsx';

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';
const when = (epoch: number) => new Date(epoch).toLocaleString();

export function PageContentScreen({ id, canEdit }: { id: string; canEdit: boolean }) {
  const [record, setRecord] = useState<PageContentRecord>();
  const [blocks, setBlocks] = useState<ContentBlock[]>([]);
  const [loadError, setLoadError] = useState('');
  const [formError, setFormError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [revisions, setRevisions] = useState<ContentRevisions['revisions']>([]);
  const alert = useRef<HTMLDivElement>(null);
  const api = `/api/config/pages/${encodeURIComponent(id)}/content`;

  const load = (loaded: PageContentRecord) => {
    setRecord(loaded);
    setBlocks(loaded.blocks);
  };
  const loadRevisions = () =>
    getJson<ContentRevisions>(`${api}/revisions`).then(
      (r) => setRevisions(r.revisions),
      () => setRevisions([]),
    );
  useEffect(() => {
    getJson<PageContentRecord>(api).then(load, (e: unknown) => setLoadError(problemOf(e)));
    void loadRevisions();
  }, [api]);

  if (loadError && !record)
    return (
      <>
        <h1>Page content</h1>
        <p role="alert" className="cfg-error">
          {loadError}
        </p>
      </>
    );
  if (!record) return <p role="status">Loading the page…</p>;

  const refused = (e: unknown) => {
    setBusy(false);
    setDone('');
    setFormError(problemOf(e));
    setConflict(
      e instanceof ConfigError && e.body.code === 'record-changed'
        ? (e.body as unknown as RecordChanged)
        : undefined,
    );
    requestAnimationFrame(() => alert.current?.focus());
  };
  const saved = (after: PageContentRecord, words: string) => {
    setBusy(false);
    setFormError('');
    setConflict(undefined);
    load(after);
    setDone(words);
    void loadRevisions();
  };
  const save = (version: number) => {
    setBusy(true);
    putJson<PageContentRecord>(api, { version, blocks }).then(
      (after) => saved(after, `Saved: version ${after.version} is on the site.`),
      refused,
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(record.version);
  };

  return (
    <>
      <h1>Page content: {record.title}</h1>
      <p className="cfg-muted">
        Version {record.version}, saved {when(record.updatedOn)}
        {record.updatedBy ? ` by ${record.updatedBy}` : ''}. <a href={record.url}>View on the site</a>
      </p>
      {!canEdit && (
        <p className="cfg-note">You can read this page. Editing it needs the content permission.</p>
      )}
      <div role="status" aria-live="polite" className="cfg-done">
        {done}
      </div>
      <div ref={alert} tabIndex={-1} className="cfg-alert-slot">
        {formError && (
          <div role="alert" className="cfg-error">
            <p>{formError}</p>
            {conflict && (
              <p className="cfg-row-actions">
                <button type="button" onClick={() => save(conflict.currentVersion)}>
                  Save mine over theirs
                </button>
                <button
                  type="button"
                  className="cfg-button-secondary"
                  onClick={() =>
                    getJson<PageContentRecord>(api).then((theirs) => {
                      load(theirs);
                      setConflict(undefined);
                      setFormError('');
                    }, refused)
                  }
                >
                  Load their version
                </button>
              </p>
            )}
          </div>
        )}
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Page content">
        <BlocksEditor label="Blocks" blocks={blocks} readOnly={!canEdit} onChange={setBlocks} />
        {canEdit && (
          <p>
            <button type="submit" disabled={busy}>
              Save page
            </button>
          </p>
        )}
      </form>
      <section className="cfg-panel" aria-labelledby="page-revisions">
        <h2 id="page-revisions">Revisions</h2>
        <ol className="cfg-list">
          {revisions.map((r) => (
            <li key={r.id}>
              Version {r.version}, {when(r.savedOn)}
              {r.savedBy ? ` by ${r.savedBy}` : ''}: {r.changes.join(', ') || 'no change'}.{' '}
              {canEdit && r.version !== record.version && (
                <button
                  type="button"
                  className="cfg-button-secondary"
                  aria-label={`Restore version ${r.version}`}
                  onClick={() =>
                    postJson<PageContentRecord>(`${api}/revisions/${encodeURIComponent(r.id)}/restore`).then(
                      (after) => saved(after, `Version ${r.version} restored: now version ${after.version}.`),
                      refused,
                    )
                  }
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
