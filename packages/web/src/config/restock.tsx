/**
 * Restock notifications: the groups of sign-ups per product and variant, and sending them. Mail once
 * sent cannot be taken back, so every send asks first; a variant still sold out cannot be sent
 * (the server refuses it too), and its row says why.
 */
import { useEffect, useState } from 'react';
import type { CursorPage, RestockSendAnswer, SignUpGroup } from '@storefront/core/wire';
import { message as catalogueText } from '../core.ts';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { AttributeValues, CursorPager, Outcome, RecordsTable } from './parts.tsx';

const RESTOCK = '/api/site-users/account/notifications/restock';

type GroupPage = CursorPage<'signUpGroups', SignUpGroup>;

/** A send waiting for its confirmation: one group, or every group back in stock. */
type Asking = { groups: SignUpGroup[]; all: boolean };

const nameOf = (g: SignUpGroup) => `${g.productTitle || g.productId} ${g.sku}`;
const notifications = (n: number) => (n === 1 ? '1 notification' : `${n} notifications`);

export function RestockScreen() {
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<GroupPage>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking>();
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
      const answer = await postJson<RestockSendAnswer>(path, body);
      setMessage(answer.sent === 1 ? '1 notification sent.' : `${answer.sent} notifications sent.`);
      await load(cursor);
    } catch (e) {
      setError(e instanceof ConfigError ? e.message : 'The notifications could not be sent.');
    } finally {
      setBusy(false);
    }
  };
  const ready = page?.signUpGroups.filter((g) => g.readyToSend) ?? [];
  const confirmSend = () => {
    const sending = asking;
    setAsking(undefined);
    if (!sending) return;
    const [group] = sending.groups;
    if (sending.all)
      void send(`${RESTOCK}/send/all`, {
        sendRequests: sending.groups.map((g) => ({ productId: g.productId, variantId: g.variantId })),
      });
    else if (group) void send(`${RESTOCK}/send`, { productId: group.productId, variantId: group.variantId });
  };
  const askedCount = asking?.groups.reduce((n, g) => n + g.waiting, 0) ?? 0;

  return (
    <>
      <h1>Restock notifications</h1>
      <p>Visitors who asked to be told when a sold-out variant is back. Each is mailed once, ever.</p>
      <Outcome done={message} error={error} />
      {ready.length > 0 && (
        <p>
          <button type="button" disabled={busy} onClick={() => setAsking({ groups: ready, all: true })}>
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
                g.waiting > 0 &&
                (g.inStock ? (
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={`Send ${g.waiting} notifications for ${nameOf(g)}`}
                    onClick={() => setAsking({ groups: [g], all: false })}
                  >
                    Send
                  </button>
                ) : (
                  <>
                    <button type="button" disabled aria-describedby={`sold-out-${g.variantId}`}>
                      Send
                    </button>{' '}
                    <span id={`sold-out-${g.variantId}`} className="cfg-muted">
                      {catalogueText('restock.send-sold-out', {
                        product: g.productTitle || g.productId,
                        sku: g.sku,
                      })}
                    </span>
                  </>
                )),
            },
          ]}
          rows={page.signUpGroups}
          rowKey={(g) => `${g.productId}/${g.variantId}`}
          caption="Sign-ups per product and variant"
          emptyText="No sign-up yet."
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
      <ConfirmDialog
        open={asking !== undefined}
        title={
          asking?.all
            ? `Send every group back in stock (${asking.groups.length})?`
            : `Send ${notifications(askedCount)}?`
        }
        confirmText={`Send ${notifications(askedCount)}`}
        busy={busy}
        onKeep={() => setAsking(undefined)}
        onConfirm={confirmSend}
      >
        <p>
          {askedCount === 1 ? 'One visitor is' : `${askedCount} visitors are`} mailed that{' '}
          {asking?.groups.map(nameOf).join(', ')} {asking && asking.groups.length > 1 ? 'are' : 'is'} back in
          stock. Mail cannot be taken back, and each visitor is mailed once, ever.
        </p>
      </ConfirmDialog>
    </>
  );
}
