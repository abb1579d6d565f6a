/**
 * The mail outbox: every mail the shop queued, newest first, with its status (queued, sent, or
 * failed with the error), filtered by status; a failed mail can be tried again.
 */
import { useEffect, useState } from 'react';
import type { OutboxMail as Mail, OutboxPage as MailPage } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { CursorPager, FilterForm, Outcome, RecordsTable, SelectField } from './parts.tsx';

const API = '/api/config/mail';
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const STATUS_TEXT: Record<Mail['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };
const STATUS_CHOICES = [['', 'Every mail'], ...Object.entries(STATUS_TEXT)] as const;

function MailStatus({ mail: m }: { mail: Mail }) {
  return (
    <>
      <span className={`cfg-badge cfg-badge-${m.status}`}>{STATUS_TEXT[m.status] ?? m.status}</span>
      {m.status === 'sent' && m.sentAt ? (
        <span className="cfg-muted"> {new Date(m.sentAt).toLocaleString()}</span>
      ) : null}
      {m.status === 'failed' && m.error ? (
        <p className="cfg-error">
          {m.error} ({m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`})
        </p>
      ) : null}
    </>
  );
}

export function OutboxScreen() {
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<MailPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    getJson<MailPage>(`${API}${queryOf({ status, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, 'The outbox could not be loaded.')),
    );
  useEffect(() => {
    void load();
  }, [status, cursor]);

  const retry = async (mail: Mail) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const after = await postJson<Mail>(`${API}/${mail.id}/retry`);
      setDone(
        after.status === 'sent'
          ? `The mail to ${after.to} is sent.`
          : after.status === 'failed'
            ? `The mail to ${after.to} failed again: ${after.error ?? 'no reason given'}.`
            : `The mail to ${after.to} is queued again.`,
      );
      await load();
    } catch (e) {
      setError(problemOf(e, 'The mail could not be retried.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Mail outbox</h1>
      <p>
        Every mail the shop sends is written here first. A failed one is tried again on the next start, or
        now.
      </p>
      <FilterForm
        onFilter={(data) => {
          setStatus(String(data.get('status') ?? ''));
          setCursor('');
        }}
      >
        <SelectField id="mail-status" name="status" label="Status" options={STATUS_CHOICES} />
      </FilterForm>
      <Outcome done={done} error={error} />
      {page && (
        <RecordsTable
          columns={[
            { header: 'Queued', cell: (m) => new Date(m.created).toLocaleString() },
            { header: 'To', cell: (m) => m.to },
            {
              header: 'Subject',
              cell: (m) => (
                <>
                  {m.subject} <span className="cfg-muted">({m.kind})</span>
                </>
              ),
            },
            { header: 'Status', cell: (m) => <MailStatus mail={m} /> },
            {
              header: 'Retry',
              hiddenHeader: true,
              cell: (m) =>
                m.status === 'failed' && (
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={`Retry the mail to ${m.to}: ${m.subject}`}
                    onClick={() => void retry(m)}
                  >
                    Retry
                  </button>
                ),
            },
          ]}
          rows={page.mails}
          rowKey={(m) => m.id}
          caption="Mail, newest first"
          emptyText="No mail."
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
