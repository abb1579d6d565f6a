/** Restock notifications: the groups of sign-ups per product and variant, and sending them. */
import { useEffect, useState } from 'react';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';

const RESTOCK = '/api/site-users/account/notifications/restock';

interface Group {
  productId: string;
  variantId: string;
  productTitle: string;
  sku: string;
  attributes: Record<string, string>;
  waiting: number;
  sent: number;
  inStock: boolean;
  readyToSend: boolean;
}

interface GroupPage {
  signUpGroups: Group[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export function RestockScreen() {
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<GroupPage>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = (at: string) =>
    getJson<GroupPage>(`${RESTOCK}/groups${queryOf({ cursor: at })}`).then(setPage, (e: unknown) =>
      setError(e instanceof ConfigError ? e.message : 'The groups could not be loaded.'),
    );
  useEffect(() => {
    void load(cursor);
  }, [cursor]);

  const send = async (path: string, body: unknown) => {
    setBusy(true);
    setError('');
    setMessage('');
    try {
      const answer = await postJson<{ sent: number }>(path, body);
      setMessage(answer.sent === 1 ? '1 notification sent.' : `${answer.sent} notifications sent.`);
      await load(cursor);
    } catch (e) {
      setError(e instanceof ConfigError ? e.message : 'The notifications could not be sent.');
    } finally {
      setBusy(false);
    }
  };
  const ready = page?.signUpGroups.filter((g) => g.readyToSend) ?? [];

  return (
    <>
      <h1>Restock notifications</h1>
      <p>Visitors who asked to be told when a sold-out variant is back. Each is mailed once, ever.</p>
      <div role="status" aria-live="polite" className="cfg-done">
        {message}
      </div>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
      {ready.length > 0 && (
        <p>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void send(`${RESTOCK}/send/all`, {
                sendRequests: ready.map((g) => ({ productId: g.productId, variantId: g.variantId })),
              })
            }
          >
            Send every group back in stock ({ready.length})
          </button>
        </p>
      )}
      {page && (
        <table className="cfg-table">
          <caption>
            {page.signUpGroups.length ? 'Sign-ups per product and variant' : 'No sign-up yet.'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col" className="cfg-num">
                Waiting
              </th>
              <th scope="col" className="cfg-num">
                Sent
              </th>
              <th scope="col">Stock</th>
              <th scope="col">
                <span className="cfg-visually-hidden">Send</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.signUpGroups.map((g) => (
              <tr key={`${g.productId}/${g.variantId}`}>
                <th scope="row">{g.productTitle || g.productId}</th>
                <td>
                  {g.sku}
                  {Object.keys(g.attributes).length > 0 && (
                    <span className="cfg-muted"> ({Object.values(g.attributes).join(', ')})</span>
                  )}
                </td>
                <td className="cfg-num">{g.waiting}</td>
                <td className="cfg-num">{g.sent}</td>
                <td>
                  {g.readyToSend ? (
                    <strong>Back in stock: ready to send</strong>
                  ) : g.inStock ? (
                    'In stock'
                  ) : (
                    'Sold out'
                  )}
                </td>
                <td>
                  {g.waiting > 0 && (
                    <button
                      type="button"
                      className={g.readyToSend ? undefined : 'cfg-button-secondary'}
                      disabled={busy}
                      aria-label={`Send ${g.waiting} notifications for ${g.productTitle || g.productId} ${g.sku}`}
                      onClick={() =>
                        void send(`${RESTOCK}/send`, { productId: g.productId, variantId: g.variantId })
                      }
                    >
                      Send
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="cfg-pager">
        {cursor && (
          <button type="button" className="cfg-button-secondary" onClick={() => setCursor('')}>
            First page
          </button>
        )}
        {page?.hasNextPage && page.nextPageCursor && (
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() => setCursor(page.nextPageCursor ?? '')}
          >
            Next page
          </button>
        )}
      </p>
    </>
  );
}
