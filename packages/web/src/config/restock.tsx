/** Restock notifications: the groups of sign-ups per product and variant, and sending them. */
import { useEffect, useState } from 'react';
import type { CursorPage, SignUpGroup } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { AttributeValues, CursorPager, Outcome, RecordsTable } from './parts.tsx';

const RESTOCK = '/api/site-users/account/notifications/restock';

type GroupPage = CursorPage<'signUpGroups', SignUpGroup>;

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
      <Outcome done={message} error={error} />
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
        <RecordsTable
          columns={[
            { header: 'Product', cell: (g) => g.productTitle || g.productId },
            {
              header: 'Variant',
              cell: (g) => (
                <>
                  {g.sku}
                  <AttributeValues attributes={g.attributes} />
                </>
              ),
            },
            { header: 'Waiting', numeric: true, cell: (g) => g.waiting },
            { header: 'Sent', numeric: true, cell: (g) => g.sent },
            {
              header: 'Stock',
              cell: (g) =>
                g.readyToSend ? (
                  <strong>Back in stock: ready to send</strong>
                ) : g.inStock ? (
                  'In stock'
                ) : (
                  'Sold out'
                ),
            },
            {
              header: 'Send',
              hiddenHeader: true,
              cell: (g) =>
                g.waiting > 0 && (
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
                ),
            },
          ]}
          rows={page.signUpGroups}
          rowKey={(g) => `${g.productId}/${g.variantId}`}
          caption="Sign-ups per product and variant"
          emptyText="No sign-up yet."
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
