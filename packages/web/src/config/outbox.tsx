/**
 * The mail outbox: every mail the shop queued, newest first, with its status (queued, sent, or
 * failed with the error), filtered by status; a failed mail can be tried again.
 */
import { useEffect, useState } from 'react';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { CursorPager, Outcome } from './parts.tsx';

interface Mail {
  id: string;
  created: number;
  kind: string;
  to: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  sentAt: number | null;
}

interface MailPage {
  mails: Mail[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const API = '/api/config/mail';
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const STATUS_TEXT: Record<Mail['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

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
      <form
        className="cfg-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setStatus(String(new FormData(event.currentTarget).get('status') ?? ''));
          setCursor('');
        }}
      >
        <p>
          <label htmlFor="mail-status">Status</label>
          <select id="mail-status" name="status" defaultValue="">
            <option value="">Every mail</option>
            <option value="queued">Queued</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
          </select>
        </p>
        <p className="cfg-filter-actions">
          <button type="submit">Show</button>
        </p>
      </form>
      <Outcome done={done} error={error} />
      {page && (
        <table className="cfg-table">
          <caption>{page.mails.length ? 'Mail, newest first' : 'No mail.'}</caption>
          <thead>
            <tr>
              <th scope="col">Queued</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="cfg-visually-hidden">Retry</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.mails.map((m) => (
              <tr key={m.id}>
                <th scope="row">{new Date(m.created).toLocaleString()}</th>
                <td>{m.to}</td>
                <td>
                  {m.subject} <span className="cfg-muted">({m.kind})</span>
                </td>
                <td>
                  <span className={`cfg-badge cfg-badge-${m.status}`}>
                    {STATUS_TEXT[m.status] ?? m.status}
                  </span>
                  {m.status === 'sent' && m.sentAt ? (
                    <span className="cfg-muted"> {new Date(m.sentAt).toLocaleString()}</span>
                  ) : null}
                  {m.status === 'failed' && m.error ? (
                    <p className="cfg-error">
                      {m.error} ({m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`})
                    </p>
                  ) : null}
                </td>
                <td>
                  {m.status === 'failed' && (
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Retry the mail to ${m.to}: ${m.subject}`}
                      onClick={() => void retry(m)}
                    >
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
