/**
 * Comments: the visitors' comments by state (the pending ones first: the moderation queue), each
 * with the post it is on. A moderator approves, marks spam or deletes; anyone here with
 * `comments.write` (a commenter too) answers a published comment as staff. The server refuses a
 * commenter's moderation as well: the buttons are hidden only so as not to offer it.
 */
import { useId, useState, type FormEvent } from 'react';
import type {
  CommentState,
  ModeratedComment as Comment,
  ModeratedCommentPage as CommentPage,
} from '@storefront/core/wire';
import { postJson } from './api.ts';
import { ModerationButtons, problemOf, StateFilter, useModerationQueue } from './moderation.tsx';
import { CursorPager, InlineError, Outcome, RecordsTable } from './parts.tsx';

const API = '/api/config/comments';
const STATE_TEXT: Record<CommentState, string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  spam: 'Spam',
  deleted: 'Deleted',
};
const EMPTY_TEXT: Record<CommentState, string> = {
  pending: 'No comment waits for approval.',
  approved: 'No published comment.',
  spam: 'No spam.',
  deleted: 'No deleted comment.',
};
const MODERATIONS = [
  { action: 'approve', button: 'Approve', to: 'approved', done: 'The comment is published.' },
  { action: 'spam', button: 'Mark as spam', to: 'spam', done: 'The comment is marked as spam.' },
  { action: 'delete', button: 'Delete', to: 'deleted', done: 'The comment is deleted.' },
] as const;

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
      <InlineError error={error} />
    </form>
  );
}

export function CommentsScreen({ canModerate }: { canModerate: boolean }) {
  const { state, show, cursor, setCursor, page, done, setDone, error, setError, busy, load, moderate } =
    useModerationQueue<CommentState, CommentPage>(API, 'pending', {
      load: 'The comments could not be loaded.',
      change: 'The comment could not be changed.',
    });

  const actions = (c: Comment) => (
    <>
      {canModerate && (
        <ModerationButtons
          state={c.state}
          moderations={MODERATIONS}
          busy={busy}
          labelOf={(m) => `${m.button}: the comment by ${c.authorName} of ${when(c.created)}`}
          onModerate={(m) => void moderate(c.id, m)}
        />
      )}
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
      <StateFilter id="comment-state" stateText={STATE_TEXT} initial="pending" onState={show} />
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
