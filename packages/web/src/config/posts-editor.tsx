/**
 * One post's editor (`/config/posts/:id`, issue 31): title, URL slug, the body as blocks
 * (blocks-editor.tsx), excerpt, author, categories and tags, cover image, SEO title and description,
 * comments; then where it stands: publish now, schedule at a date and time of the site's time zone,
 * or back to draft, and a preview of it as the site renders it. A save sends the version the form was
 * loaded at; when someone saved since, the server answers 409 naming who and when, and the form keeps
 * everything typed. The revisions list each save and restores one. Without `content.edit` the same
 * form is read-only.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ContentRevisions, PostInput, PostPage, PostRecord, RecordChanged } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, putJson } from './api.ts';
import { BlocksEditor, ImageChoice, useMediaLibrary } from './blocks-editor.tsx';
import { standing } from './posts.tsx';
import { Link } from './router.tsx';

const RichText = lazy(() => import('./products-rich-text.tsx'));

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';
const when = (epoch: number) => new Date(epoch).toLocaleString();
const listOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export const inputOfPost = (record: PostRecord): PostInput => ({
  title: record.title,
  slug: record.slug,
  blocks: record.blocks,
  excerptHtml: record.excerptHtml,
  authorId: record.authorId,
  categories: record.categories,
  tags: record.tags,
  coverImage: record.coverImage,
  seoTitle: record.seoTitle,
  seoDescription: record.seoDescription,
  commentsOn: record.commentsOn,
});

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <p className="cfg-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="cfg-hint">
          {hint}
        </span>
      )}
      {children}
    </p>
  );
}

/** The local date-time an hour from now, as a datetime-local input takes it (the browser's zone). */
const inAnHour = () => {
  const soon = new Date(Date.now() + 3_600_000);
  soon.setSeconds(0, 0);
  return new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function PostEditorScreen({ id, canEdit }: { id: string; canEdit: boolean }) {
  const [record, setRecord] = useState<PostRecord>();
  const [input, setInput] = useState<PostInput>();
  const [tagsText, setTagsText] = useState('');
  const [categoriesText, setCategoriesText] = useState('');
  const [loadError, setLoadError] = useState('');
  const [formError, setFormError] = useState('');
  const [conflict, setConflict] = useState<RecordChanged>();
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(inAnHour);
  const [authors, setAuthors] = useState<PostPage['authors']>([]);
  const [revisions, setRevisions] = useState<ContentRevisions['revisions']>([]);
  const library = useMediaLibrary();
  const alert = useRef<HTMLDivElement>(null);
  const readOnly = !canEdit;

  const load = (loaded: PostRecord) => {
    setRecord(loaded);
    setInput(inputOfPost(loaded));
    setTagsText(loaded.tags.join(', '));
    setCategoriesText(loaded.categories.join(', '));
  };
  const loadRevisions = (postId: string) =>
    getJson<ContentRevisions>(`/api/config/posts/${encodeURIComponent(postId)}/revisions`).then(
      (r) => setRevisions(r.revisions),
      () => setRevisions([]),
    );

  useEffect(() => {
    getJson<PostRecord>(`/api/config/posts/${encodeURIComponent(id)}`).then(load, (e: unknown) =>
      setLoadError(problemOf(e)),
    );
    getJson<PostPage>('/api/config/posts?limit=1').then(
      (page) => setAuthors(page.authors),
      () => setAuthors([]),
    );
    void loadRevisions(id);
  }, [id]);

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
  const saved = (after: PostRecord, words: string) => {
    setBusy(false);
    setFormError('');
    setConflict(undefined);
    setRecord(after);
    setDone(words);
    void loadRevisions(after.id);
  };

  if (loadError && !record)
    return (
      <>
        <h1>Post</h1>
        <p role="alert" className="cfg-error">
          {loadError}
        </p>
        <p>
          <Link href="/config/posts">Back to posts</Link>
        </p>
      </>
    );
  if (!record || !input) return <p role="status">Loading the post…</p>;

  const set = (change: Partial<PostInput>) => setInput((now) => (now ? { ...now, ...change } : now));
  const payload = (): PostInput => ({ ...input, tags: listOf(tagsText), categories: listOf(categoriesText) });

  const save = (version: number) => {
    setBusy(true);
    putJson<PostRecord>(`/api/config/posts/${encodeURIComponent(record.id)}`, {
      version,
      post: payload(),
    }).then((after) => {
      load(after);
      saved(after, `Saved: version ${after.version}.`);
    }, refused);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(record.version);
  };
  const publishing = (body: Record<string, unknown>, words: (after: PostRecord) => string) => {
    setBusy(true);
    postJson<PostRecord>(`/api/config/posts/${encodeURIComponent(record.id)}/publishing`, {
      version: record.version,
      ...body,
    }).then((after) => {
      // What was typed and not saved stays in the form; the post's standing and version are the server's.
      setRecord(after);
      saved(after, words(after));
    }, refused);
  };
  const restore = (revisionId: string, version: number) =>
    postJson<PostRecord>(
      `/api/config/posts/${encodeURIComponent(record.id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
    ).then((after) => {
      load(after);
      saved(after, `Version ${version} restored: now version ${after.version}.`);
    }, refused);

  return (
    <>
      <p>
        <Link href="/config/posts">Posts</Link>
      </p>
      <h1>Post: {record.title}</h1>
      <p className="cfg-muted">
        {standing(record)} ({record.timeZone}). Version {record.version}, saved {when(record.updatedOn)}
        {record.updatedBy ? ` by ${record.updatedBy}` : ''}.{' '}
        <a href={record.previewUrl} target="_blank" rel="noopener">
          Preview (opens a new tab)
        </a>
        {record.status === 'published' && (
          <>
            {' '}
            <a href={record.url}>View on the site</a>
          </>
        )}
      </p>
      {readOnly && (
        <p className="cfg-note">You can read this post. Writing posts needs the content permission.</p>
      )}
      <div role="status" aria-live="polite" className="cfg-done">
        {done}
      </div>
      <div ref={alert} tabIndex={-1} className="cfg-alert-slot">
        {formError && (
          <div role="alert" className="cfg-error">
            <p>{formError}</p>
            {conflict && (
              <>
                <p className="cfg-muted">
                  Your changes are still in the form. Version {conflict.currentVersion} was saved{' '}
                  {when(conflict.changedOn)}
                  {conflict.changedBy ? ` by ${conflict.changedBy}` : ''}.
                </p>
                <p className="cfg-row-actions">
                  <button type="button" onClick={() => save(conflict.currentVersion)}>
                    Save mine over theirs
                  </button>
                  <button
                    type="button"
                    className="cfg-button-secondary"
                    onClick={() =>
                      getJson<PostRecord>(`/api/config/posts/${encodeURIComponent(record.id)}`).then(
                        (theirs) => {
                          load(theirs);
                          setConflict(undefined);
                          setFormError('');
                        },
                        refused,
                      )
                    }
                  >
                    Load their version
                  </button>
                </p>
              </>
            )}
          </div>
        )}
      </div>
      {canEdit && (
        <section className="cfg-panel" aria-labelledby="post-publishing">
          <h2 id="post-publishing">Publishing</h2>
          <p>
            {record.status === 'draft'
              ? 'This post is a draft: no one sees it on the site.'
              : record.status === 'scheduled'
                ? `This post appears on the site at ${record.publishOn?.replace('T', ' ') ?? ''} (${record.timeZone}).`
                : 'This post is on the site.'}
          </p>
          <p className="cfg-row-actions">
            {record.status !== 'published' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => publishing({ action: 'publish' }, () => 'Published.')}
              >
                Publish now
              </button>
            )}
            {record.status !== 'draft' && (
              <button
                type="button"
                className="cfg-button-secondary"
                disabled={busy}
                onClick={() =>
                  publishing({ action: 'unpublish' }, () => 'Back to draft: the post is off the site.')
                }
              >
                Unpublish
              </button>
            )}
          </p>
          <div className="cfg-inline-form">
            <label htmlFor="post-schedule">Publish at</label>
            <span id="post-schedule-hint" className="cfg-hint">
              In the site&apos;s time zone, {record.timeZone}.
            </span>
            <input
              id="post-schedule"
              type="datetime-local"
              value={scheduleAt}
              aria-describedby="post-schedule-hint"
              onChange={(e) => setScheduleAt(e.target.value)}
            />
            <button
              type="button"
              className="cfg-button-secondary"
              disabled={busy || !scheduleAt}
              onClick={() =>
                publishing(
                  { action: 'schedule', at: scheduleAt },
                  (after) => `Scheduled for ${after.publishOn?.replace('T', ' ') ?? ''} (${after.timeZone}).`,
                )
              }
            >
              Schedule
            </button>
          </div>
        </section>
      )}
      <form className="cfg-product" onSubmit={onSubmit} noValidate aria-label="Post">
        <fieldset disabled={readOnly} className="cfg-plain">
          <Field id="post-title" label="Title">
            <input
              id="post-title"
              value={input.title}
              maxLength={500}
              onChange={(e) => set({ title: e.target.value })}
            />
          </Field>
          <Field
            id="post-slug"
            label="URL slug"
            hint={`The post's address: ${record.url.replace(/[^/]*$/, '')}${input.slug || '…'}. A changed slug sends the old address on to the new one.`}
          >
            <input
              id="post-slug"
              value={input.slug}
              aria-describedby="post-slug-hint"
              onChange={(e) => set({ slug: e.target.value })}
            />
          </Field>
          <BlocksEditor
            label="Body"
            blocks={input.blocks}
            readOnly={readOnly}
            onChange={(blocks) => set({ blocks })}
          />
          <h2>About the post</h2>
          <div className="cfg-field">
            <span className="cfg-label" id="post-excerpt-label">
              Excerpt
            </span>
            <Suspense fallback={<p role="status">Loading the text editor…</p>}>
              <RichText
                id="post-excerpt"
                labelledBy="post-excerpt-label"
                html={input.excerptHtml}
                readOnly={readOnly}
                onChange={(excerptHtml) => set({ excerptHtml })}
              />
            </Suspense>
          </div>
          <Field id="post-author" label="Author">
            <select
              id="post-author"
              value={input.authorId ?? ''}
              onChange={(e) => set({ authorId: e.target.value || null })}
            >
              <option value="">No author shown</option>
              {input.authorId && !authors.some((a) => a.id === input.authorId) && (
                <option value={input.authorId}>The current author</option>
              )}
              {authors.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="post-categories"
            label="Categories"
            hint="Separated by commas; each at most 25 characters."
          >
            <input
              id="post-categories"
              value={categoriesText}
              aria-describedby="post-categories-hint"
              onChange={(e) => setCategoriesText(e.target.value)}
            />
          </Field>
          <Field id="post-tags" label="Tags" hint="Separated by commas; each at most 50 characters.">
            <input
              id="post-tags"
              value={tagsText}
              aria-describedby="post-tags-hint"
              onChange={(e) => setTagsText(e.target.value)}
            />
          </Field>
          <ImageChoice
            id="post-cover"
            label="Cover image"
            image={input.coverImage}
            library={library}
            onChange={(coverImage) => set({ coverImage })}
          />
          <Field id="post-seo-title" label="SEO title">
            <input
              id="post-seo-title"
              value={input.seoTitle}
              maxLength={500}
              onChange={(e) => set({ seoTitle: e.target.value })}
            />
          </Field>
          <Field id="post-seo-description" label="SEO description">
            <textarea
              id="post-seo-description"
              value={input.seoDescription}
              rows={3}
              maxLength={2000}
              onChange={(e) => set({ seoDescription: e.target.value })}
            />
          </Field>
          <p>
            <label htmlFor="post-comments" className="cfg-check">
              <input
                id="post-comments"
                type="checkbox"
                checked={input.commentsOn}
                onChange={(e) => set({ commentsOn: e.target.checked })}
              />{' '}
              Visitors may comment
            </label>
          </p>
        </fieldset>
        {canEdit && (
          <p>
            <button type="submit" disabled={busy}>
              Save post
            </button>
          </p>
        )}
      </form>
      <section className="cfg-panel" aria-labelledby="post-revisions">
        <h2 id="post-revisions">Revisions</h2>
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
                  onClick={() => void restore(r.id, r.version)}
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
