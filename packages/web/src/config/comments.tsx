/**
 * Comments: the visitors' comments by state (the pending ones first: the moderation queue), each
 * with the post it is on. A moderator approves, marks spam or deletes; anyone here with
 * `comments.write` (a commenter too) answers a published comment as staff. The server refuses a
 * commenter's moderation as well: the buttons are hidden only so as not to offer it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { CursorPager, FilterForm, Outcome, RecordsTable, SelectField } from './parts.tsx';

type CommentState = 'pending' | 'approved' | 'spam' | 'deleted';

interface Comment {
  id: string;
  itemTitle: string | null;
  itemUrl: string | null;
  authorName: string;
  byStaff: boolean;
  body: string;
  state: CommentState;
  created: number;
  moderatedBy: string | null;
}

interface CommentPage {
  comments: Comment[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const API = '/api/config/comments';
const STATE_TEXT: Record<CommentState, string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  spam: 'Spam',
  deleted: 'Deleted',
};
const STATE_CHOICES = Object.entries(STATE_TEXT);
const EMPTY_TEXT: Record<CommentState, string> = {
  pending: 'No comment waits for approval.',
  approved: 'No published comment.',
  spam: 'No spam.',
  deleted: 'No deleted comment.',
};
/** Each moderation: its address, its button, what it leads to and what the outcome line says. */
const MODERATIONS = [
  { action: 'approve', button: 'Approve', to: 'approved', done: 'The comment is published.' },
  { action: 'spam', button: 'Mark as spam', to: 'spam', done: 'The comment is marked as spam.' },
  { action: 'delete', button: 'Delete', to: 'deleted', done: 'The comment is deleted.' },
] as const;

const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const when = (ms: number) => new Date(ms).toLocaleString();

function ReplyCell({ comment, onSent }: { comment: Comment; onSent: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get('body') ?? '');
    setBusy(true);
    setError('');
    try {
      await postJson(`${API}/${comment.id}/reply`, { body });
      setOpen(false);
      onSent(`Your reply to ${comment.authorName} is published.`);
    } catch (e) {
      setError(problemOf(e, 'The reply could not be sent.'));
    } finally {
      setBusy(false);
    }
  };
  if (!open)
    return (
      <button
        type="button"
        className="cfg-button-secondary"
        aria-label={`Reply to ${comment.authorName}`}
        onClick={() => setOpen(true)}
      >
        Reply
      </button>
    );
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={`Reply to ${comment.authorName}`}>
      <label htmlFor={id}>Your reply</label>
      <textarea id={id} name="body" required rows={3} />
      <button type="submit" disabled={busy}>
        Send reply
      </button>{' '}
      <button type="button" className="cfg-button-secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error && (
        <span role="alert" className="cfg-error">
          {error}
        </span>
      )}
    </form>
  );
}

export function CommentsScreen({ canModerate }: { canModerate: boolean }) {
  const [state, setState] = useState<CommentState>('pending');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<CommentPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    getJson<CommentPage>(`${API}${queryOf({ state, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, 'The comments could not be loaded.')),
    );
  useEffect(() => {
    void load();
  }, [state, cursor]);

  const moderate = async (comment: Comment, moderation: (typeof MODERATIONS)[number]) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await postJson(`${API}/${comment.id}/${moderation.action}`);
      setDone(moderation.done);
      await load();
    } catch (e) {
      setError(problemOf(e, 'The comment could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  const actions = (c: Comment) => (
    <>
      {canModerate &&
        MODERATIONS.filter((m) => m.to !== c.state).map((m) => (
          <span key={m.action}>
            <button
              type="button"
              className={m.action === 'approve' ? undefined : 'cfg-button-secondary'}
              disabled={busy}
              aria-label={`${m.button}: the comment by ${c.authorName} of ${when(c.created)}`}
              onClick={() => void moderate(c, m)}
            >
              {m.button}
            </button>{' '}
          </span>
        ))}
      {c.state === 'approved' && (
        <ReplyCell
          comment={c}
          onSent={(message) => {
            setError('');
            setDone(message);
            void load();
          }}
        />
      )}
    </>
  );

  return (
    <>
      <h1>Comments</h1>
      <p>
        Visitors’ comments wait here until a moderator approves them; only published ones show on the site.
      </p>
      <FilterForm
        onFilter={(data) => {
          const chosen = String(data.get('state') ?? 'pending');
          setState(chosen in STATE_TEXT ? (chosen as CommentState) : 'pending');
          setCursor('');
        }}
      >
        <SelectField
          id="comment-state"
          name="state"
          label="Show"
          options={STATE_CHOICES}
          defaultValue="pending"
        />
      </FilterForm>
      <Outcome done={done} error={error} />
      {page && (
        <RecordsTable
          columns={[
            { header: 'Posted', cell: (c) => when(c.created) },
            {
              header: 'On',
              cell: (c) =>
                c.itemUrl ? <a href={c.itemUrl}>{c.itemTitle || c.itemUrl}</a> : <em>A removed page</em>,
            },
            {
              header: 'By',
              cell: (c) => (
                <>
                  {c.authorName}
                  {c.byStaff && <span className="cfg-muted"> (staff)</span>}
                </>
              ),
            },
            { header: 'Comment', cell: (c) => c.body },
            {
              header: 'State',
              cell: (c) => (
                <>
                  {STATE_TEXT[c.state] ?? c.state}
                  {c.moderatedBy && <span className="cfg-muted"> by {c.moderatedBy}</span>}
                </>
              ),
            },
            { header: 'Actions', hiddenHeader: true, cell: actions },
          ]}
          rows={page.comments}
          rowKey={(c) => c.id}
          caption={`${STATE_TEXT[state]}, newest first`}
          emptyText={EMPTY_TEXT[state]}
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
