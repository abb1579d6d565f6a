/**
 * Form submissions: the site's forms with their counts, then one form's submissions newest first,
 * each opened to every answer under its field's title; CSV export of the form's submissions, and
 * deleting one (asked twice: it is gone for good). Spam is kept apart: shown on demand, and any
 * submission can be marked spam or not spam.
 */
import { useEffect, useState } from 'react';
import type { FormsAnswer, FormSummary, Submission, SubmissionPage } from '@storefront/core/wire';
import { ConfigError, deleteJson, getJson, putJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CursorPager, FilterForm, Outcome, RecordsTable, SelectField } from './parts.tsx';
import { Link } from './router.tsx';

const API = '/api/config/forms';
type SubmissionStatus = 'received' | 'spam';
const STATUS_CHOICES = [
  ['received', 'Received'],
  ['spam', 'Spam'],
] as const;
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const when = (ms: number) => new Date(ms).toLocaleString();

export function FormsScreen() {
  const [forms, setForms] = useState<FormSummary[]>();
  const [error, setError] = useState('');
  useEffect(() => {
    getJson<FormsAnswer>(API).then(
      (answer) => setForms(answer.forms),
      (e: unknown) => setError(problemOf(e, 'The forms could not be loaded.')),
    );
  }, []);
  return (
    <>
      <h1>Form submissions</h1>
      <Outcome done="" error={error} />
      {forms && (
        <RecordsTable
          columns={[
            {
              header: 'Form',
              cell: (f) => <Link href={`/config/forms/${encodeURIComponent(f.formId)}`}>{f.name}</Link>,
            },
            { header: 'Submissions', numeric: true, cell: (f) => f.submissions },
            { header: 'Last one', cell: (f) => (f.lastSubmitted ? when(f.lastSubmitted) : '–') },
          ]}
          rows={forms}
          rowKey={(f) => f.formId}
          caption="The site’s forms"
          emptyText="The site has no form."
        />
      )}
    </>
  );
}

const labelOf = (submission: Submission) => `submission of ${when(submission.created)}`;

function AnswersCell({ submission }: { submission: Submission }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="cfg-button-secondary"
        aria-expanded={open}
        aria-label={`${open ? 'Hide' : 'Show'} the answers of the ${labelOf(submission)}`}
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
    </>
  );
}

function ActionsCell({
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
  const [confirming, setConfirming] = useState(false);
  const label = labelOf(submission);
  return (
    <>
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
      <button
        type="button"
        className="cfg-button-secondary"
        aria-label={`Delete the ${label}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${label}?`}
        confirmText="Delete for good"
        danger
        busy={busy}
        onKeep={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      >
        <p>Its answers are removed for good, from this list and from every export. This cannot be undone.</p>
      </ConfirmDialog>
    </>
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
      <FilterForm
        label="Which submissions"
        onFilter={(data) => {
          setStatus(data.get('status') === 'spam' ? 'spam' : 'received');
          setCursor('');
        }}
      >
        <SelectField
          id="submissions-status"
          name="status"
          label="Show"
          options={STATUS_CHOICES}
          defaultValue={status}
        />
      </FilterForm>
      <Outcome done={done} error={error} />
      {page && (
        <RecordsTable
          columns={[
            { header: 'Submitted', cell: (s) => when(s.created) },
            {
              header: 'First answer',
              cell: (s) => {
                const first = s.answers.find((a) => a.answer !== '');
                return first ? `${first.title}: ${first.answer}` : '–';
              },
            },
            { header: 'Answers', cell: (s) => <AnswersCell submission={s} /> },
            {
              header: 'Spam or delete',
              hiddenHeader: true,
              cell: (s) => (
                <ActionsCell
                  submission={s}
                  busy={busy}
                  onDelete={() => void remove(s.id)}
                  onMark={(to) => void mark(s.id, to)}
                />
              ),
            },
          ]}
          rows={page.submissions}
          rowKey={(s) => s.id}
          caption={`${status === 'spam' ? 'Spam' : 'Submissions'}, newest first`}
          emptyText={status === 'spam' ? 'No spam.' : 'No submission yet.'}
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
