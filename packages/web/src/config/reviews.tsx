/**
 * Product reviews (issue 17): what verified buyers wrote through their mailed link, by state (the
 * pending ones first: the moderation queue, oldest first). A moderator approves or rejects; only
 * approved reviews show on the product page and count in its rating.
 */
import { useEffect, useState } from 'react';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { CursorPager, FilterForm, Outcome, RecordsTable, SelectField } from './parts.tsx';

type ReviewState = 'pending' | 'approved' | 'rejected';

interface Review {
  id: string;
  state: ReviewState;
  created: number;
  productTitle: string;
  rating: number;
  title: string;
  body: string;
  customerName: string;
  email: string;
}

interface ReviewPage {
  reviews: Review[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const API = '/api/config/reviews';
const STATE_TEXT: Record<ReviewState, string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  rejected: 'Rejected',
};
const STATE_CHOICES = Object.entries(STATE_TEXT);
const EMPTY_TEXT: Record<ReviewState, string> = {
  pending: 'No review waits for approval.',
  approved: 'No published review.',
  rejected: 'No rejected review.',
};
const MODERATIONS = [
  { action: 'approve', button: 'Approve', to: 'approved', done: 'The review is published.' },
  { action: 'reject', button: 'Reject', to: 'rejected', done: 'The review is rejected.' },
] as const;

const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const when = (ms: number) => new Date(ms).toLocaleString();

export function ReviewsScreen() {
  const [state, setState] = useState<ReviewState>('pending');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<ReviewPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    getJson<ReviewPage>(`${API}${queryOf({ state, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, 'The reviews could not be loaded.')),
    );
  useEffect(() => {
    void load();
  }, [state, cursor]);

  const moderate = async (review: Review, moderation: (typeof MODERATIONS)[number]) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await postJson(`${API}/${review.id}/${moderation.action}`);
      setDone(moderation.done);
      await load();
    } catch (e) {
      setError(problemOf(e, 'The review could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Reviews</h1>
      <p>Buyers’ reviews wait here until a moderator approves them; only published ones show on the site.</p>
      <FilterForm
        onFilter={(data) => {
          const chosen = String(data.get('state') ?? 'pending');
          setState(chosen in STATE_TEXT ? (chosen as ReviewState) : 'pending');
          setCursor('');
        }}
      >
        <SelectField
          id="review-state"
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
              cell: (r) =>
                MODERATIONS.filter((m) => m.to !== r.state).map((m) => (
                  <span key={m.action}>
                    <button
                      type="button"
                      className={m.action === 'approve' ? undefined : 'cfg-button-secondary'}
                      disabled={busy}
                      aria-label={`${m.button}: the review of ${r.productTitle} by ${r.customerName}`}
                      onClick={() => void moderate(r, m)}
                    >
                      {m.button}
                    </button>{' '}
                  </span>
                )),
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
