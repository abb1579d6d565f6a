/**
 * Product reviews (issue 17): what verified buyers wrote through their mailed link, by state (the
 * pending ones first: the moderation queue, oldest first). A moderator approves or rejects; only
 * approved reviews show on the product page and count in its rating.
 */
import { ModerationButtons, StateFilter, useModerationQueue } from './moderation.tsx';
import { CursorPager, Outcome, RecordsTable } from './parts.tsx';
import type { ModeratedReviewPage as ReviewPage, ReviewState } from '@storefront/core/wire';

const API = '/api/config/reviews';
const STATE_TEXT: Record<ReviewState, string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  rejected: 'Rejected',
};
const EMPTY_TEXT: Record<ReviewState, string> = {
  pending: 'No review waits for approval.',
  approved: 'No published review.',
  rejected: 'No rejected review.',
};
const MODERATIONS = [
  { action: 'approve', button: 'Approve', to: 'approved', done: 'The review is published.' },
  { action: 'reject', button: 'Reject', to: 'rejected', done: 'The review is rejected.' },
] as const;

const when = (ms: number) => new Date(ms).toLocaleString();

export function ReviewsScreen() {
  const { state, show, cursor, setCursor, page, done, error, busy, moderate } = useModerationQueue<
    ReviewState,
    ReviewPage
  >(API, 'pending', { load: 'The reviews could not be loaded.', change: 'The review could not be changed.' });

  return (
    <>
      <h1>Reviews</h1>
      <p>Buyers’ reviews wait here until a moderator approves them; only published ones show on the site.</p>
      <StateFilter id="review-state" stateText={STATE_TEXT} initial="pending" onState={show} />
      <Outcome done={done} error={error} />
      {page && (
        <RecordsTable
          columns={[
            { header: 'Written', cell: (r) => when(r.created) },
            { header: 'Product', cell: (r) => r.productTitle },
            { header: 'Rating', numeric: true, cell: (r) => `${r.rating} of 5` },
            {
              header: 'Review',
              cell: (r) => (
                <>
                  {r.title && <strong>{r.title}</strong>}
                  {r.title && r.body && ' '}
                  {r.body}
                </>
              ),
            },
            {
              header: 'By',
              cell: (r) => (
                <>
                  {r.customerName} <span className="cfg-muted">{r.email}</span>
                </>
              ),
            },
            {
              header: 'Actions',
              hiddenHeader: true,
              cell: (r) => (
                <ModerationButtons
                  state={r.state}
                  moderations={MODERATIONS}
                  busy={busy}
                  labelOf={(m) => `${m.button}: the review of ${r.productTitle} by ${r.customerName}`}
                  onModerate={(m) => void moderate(r.id, m)}
                />
              ),
            },
          ]}
          rows={page.reviews}
          rowKey={(r) => r.id}
          caption={`${STATE_TEXT[state]}, oldest first`}
          emptyText={EMPTY_TEXT[state]}
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
