/**
 * Form submissions: the site's forms with their counts, then one form's submissions newest first,
 * each opened to every answer under its field's title; CSV export of the form's submissions, and
 * deleting one (asked twice: it is gone for good). Spam is kept apart: shown on demand, and any
 * submission can be marked spam or not spam.
 */
import { useEffect, useState } from 'react';
import { ConfigError, deleteJson, getJson, putJson, queryOf } from './api.ts';
import { CursorPager, Outcome } from './parts.tsx';
import { Link } from './router.tsx';

interface FormSummary {
  formId: string;
  name: string;
  submissions: number;
  lastSubmitted: number | null;
}

interface Submission {
  id: string;
  created: number;
  status: string;
  pagePath: string | null;
  answers: { fieldId: string; title: string; answer: string }[];
}

interface SubmissionPage {
  formId: string;
  name: string;
  fields: { id: string; title: string }[];
  submissions: Submission[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const API = '/api/config/forms';
type SubmissionStatus = 'received' | 'spam';
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const when = (ms: number) => new Date(ms).toLocaleString();

export function FormsScreen() {
  const [forms, setForms] = useState<FormSummary[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    getJson<{ forms: FormSummary[] }>(API).then(
      (answer) => setForms(answer.forms),
      (e: unknown) => setError(problemOf(e, 'The forms could not be loaded.')),
    );
  }, []);
  return (
    <>
      <h1>Form submissions</h1>
      <Outcome done="" error={error} />
      {forms && (
        <table className="cfg-table">
          <caption>{forms.length ? 'The site’s forms' : 'The site has no form.'}</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col" className="cfg-num">
                Submissions
              </th>
              <th scope="col">Last one</th>
            </tr>
          </thead>
          <tbody>
            {forms.map((f) => (
              <tr key={f.formId}>
                <th scope="row">
                  <Link href={`/config/forms/${encodeURIComponent(f.formId)}`}>{f.name}</Link>
                </th>
                <td className="cfg-num">{f.submissions}</td>
                <td>{f.lastSubmitted ? when(f.lastSubmitted) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function SubmissionRow({
  submission,
  onDelete,
  onMark,
  busy,
}: {
  submission: Submission;
  onDelete: () => void;
  onMark: (status: SubmissionStatus) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const first = submission.answers.find((a) => a.answer !== '');
  const label = `submission of ${when(submission.created)}`;
  return (
    <tr>
      <th scope="row">{when(submission.created)}</th>
      <td>{first ? `${first.title}: ${first.answer}` : '–'}</td>
      <td>
        <button
          type="button"
          className="cfg-button-secondary"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} the answers of the ${label}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide answers' : 'Show answers'}
        </button>
        {open && (
          <dl className="cfg-answers">
            {submission.answers.map((a) => (
              <div key={a.fieldId}>
                <dt>{a.title}</dt>
                <dd>{a.answer || '–'}</dd>
              </div>
            ))}
            {submission.pagePath && (
              <div>
                <dt>Sent from</dt>
                <dd>{submission.pagePath}</dd>
              </div>
            )}
          </dl>
        )}
      </td>
      <td>
        {submission.status === 'spam' ? (
          <button
            type="button"
            className="cfg-button-secondary"
            disabled={busy}
            aria-label={`Not spam: the ${label}`}
            onClick={() => onMark('received')}
          >
            Not spam
          </button>
        ) : (
          <button
            type="button"
            className="cfg-button-secondary"
            disabled={busy}
            aria-label={`Mark as spam: the ${label}`}
            onClick={() => onMark('spam')}
          >
            Mark as spam
          </button>
        )}{' '}
        {confirming ? (
          <>
            <button type="button" className="cfg-button-danger" disabled={busy} onClick={onDelete}>
              Delete for good
            </button>{' '}
            <button type="button" className="cfg-button-secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            className="cfg-button-secondary"
            aria-label={`Delete the ${label}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}

export function SubmissionsScreen({ formId }: { formId: string }) {
  const [cursor, setCursor] = useState('');
  const [status, setStatus] = useState<SubmissionStatus>('received');
  const [page, setPage] = useState<SubmissionPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `${API}/${encodeURIComponent(formId)}/submissions`;
  // The received ones are the list's default: the address names only the spam list.
  const shownStatus = status === 'spam' ? 'spam' : undefined;
  const load = (at: string) =>
    getJson<SubmissionPage>(`${base}${queryOf({ status: shownStatus, cursor: at })}`).then(
      setPage,
      (e: unknown) => setError(problemOf(e, 'The submissions could not be loaded.')),
    );
  useEffect(() => {
    void load(cursor);
  }, [formId, cursor, status]);

  const mark = async (id: string, to: SubmissionStatus) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await putJson(`${base}/${id}/status`, { status: to });
      setDone(
        to === 'spam'
          ? 'The submission is marked as spam.'
          : 'The submission is back among the received ones.',
      );
      await load(cursor);
    } catch (e) {
      setError(problemOf(e, 'The submission could not be marked.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await deleteJson(`${base}/${id}`);
      setDone('The submission is deleted.');
      await load(cursor);
    } catch (e) {
      setError(problemOf(e, 'The submission could not be deleted.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        <Link href="/config/forms">All forms</Link>
      </p>
      <h1>{page ? page.name : 'Form submissions'}</h1>
      <p>
        <a
          className="cfg-button-secondary"
          href={`${base}/export${queryOf({ status: shownStatus })}`}
          download
        >
          Export as CSV
        </a>
      </p>
      <form
        className="cfg-filters"
        aria-label="Which submissions"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = new FormData(event.currentTarget).get('status');
          setStatus(chosen === 'spam' ? 'spam' : 'received');
          setCursor('');
        }}
      >
        <p>
          <label htmlFor="submissions-status">Show</label>
          <select id="submissions-status" name="status" defaultValue={status}>
            <option value="received">Received</option>
            <option value="spam">Spam</option>
          </select>
        </p>
        <p className="cfg-filter-actions">
          <button type="submit">Show</button>
        </p>
      </form>
      <Outcome done={done} error={error} />
      {page && (
        <table className="cfg-table">
          <caption>
            {page.submissions.length
              ? `${status === 'spam' ? 'Spam' : 'Submissions'}, newest first`
              : status === 'spam'
                ? 'No spam.'
                : 'No submission yet.'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Submitted</th>
              <th scope="col">First answer</th>
              <th scope="col">Answers</th>
              <th scope="col">
                <span className="cfg-visually-hidden">Spam or delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.submissions.map((s) => (
              <SubmissionRow
                key={s.id}
                submission={s}
                busy={busy}
                onDelete={() => void remove(s.id)}
                onMark={(to) => void mark(s.id, to)}
              />
            ))}
          </tbody>
        </table>
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
