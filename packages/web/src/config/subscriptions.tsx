/**
 * Subscriptions: every customer's, newest first, with how far each has gone and when it renews,
 * filtered by state. Staff holding orders.manage pause, resume or cancel one on the customer's
 * behalf (a cancel asks to be confirmed: it cannot be undone).
 */
import { useEffect, useState } from 'react';
import type {
  StaffSubscription as Subscription,
  StaffSubscriptionAnswer,
  StaffSubscriptionPage as SubscriptionPage,
} from '@storefront/core/wire';
import { subscriptionActionsOf, type SubscriptionAction, type SubscriptionState } from '../core.ts';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CursorPager, FilterForm, Outcome, RecordsTable, SelectField } from './parts.tsx';

type State = SubscriptionState;
type Action = SubscriptionAction;

const API = '/api/config/subscriptions';
const problemOf = (e: unknown, fallback: string) => (e instanceof ConfigError ? e.message : fallback);
const STATE_TEXT: Record<State, string> = {
  active: 'Active',
  paused: 'Paused',
  failed: 'Failed',
  cancelled: 'Cancelled',
  ended: 'Ended',
};
const STATE_CHOICES = [['', 'Every state'], ...Object.entries(STATE_TEXT)] as const;
const ACTION_TEXT: Record<Action, string> = { pause: 'Pause', resume: 'Resume', cancel: 'Cancel' };

const customerOf = (s: Subscription) => s.customer.name || s.customer.email || 'Deleted account';
const cyclesOf = (s: Subscription) =>
  s.numBillingCycles > 0 ? `${s.cyclesMade} of ${s.numBillingCycles}` : `${s.cyclesMade} (until cancelled)`;

function ActionsCell(props: {
  subscription: Subscription;
  busy: boolean;
  onAction: (s: Subscription, action: Action) => void;
}) {
  const { subscription: s, busy, onAction } = props;
  const [confirming, setConfirming] = useState(false);
  const who = `${s.title} for ${customerOf(s)}`;
  return (
    <>
      {subscriptionActionsOf(s.state).map((action) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          aria-label={`${ACTION_TEXT[action]} ${who}`}
          onClick={() => (action === 'cancel' ? setConfirming(true) : onAction(s, action))}
        >
          {ACTION_TEXT[action]}
        </button>
      ))}
      <ConfirmDialog
        open={confirming}
        title="Cancel for good?"
        confirmText="Yes, cancel"
        confirmLabel={`Yes, cancel ${who}`}
        danger
        busy={busy}
        onKeep={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onAction(s, 'cancel');
        }}
      >
        <p>{who}: no further renewal is charged or sent. A cancelled subscription cannot be resumed.</p>
      </ConfirmDialog>
    </>
  );
}

export function SubscriptionsScreen({ canManage }: { canManage: boolean }) {
  const [state, setState] = useState('');
  const [cursor, setCursor] = useState('');
  const [page, setPage] = useState<SubscriptionPage>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    getJson<SubscriptionPage>(`${API}${queryOf({ state, cursor })}`).then(setPage, (e: unknown) =>
      setError(problemOf(e, 'The subscriptions could not be loaded.')),
    );
  useEffect(() => {
    void load();
  }, [state, cursor]);

  const act = async (s: Subscription, action: Action) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const { subscription } = await postJson<StaffSubscriptionAnswer>(`${API}/${s.id}/${action}`);
      setDone(
        `${subscription.title} for ${customerOf(subscription)} is now ${STATE_TEXT[subscription.state].toLowerCase()}.`,
      );
      await load();
    } catch (e) {
      setError(problemOf(e, 'The subscription could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Subscriptions</h1>
      <FilterForm
        onFilter={(data) => {
          setState(String(data.get('state') ?? ''));
          setCursor('');
        }}
      >
        <SelectField id="subscription-state" name="state" label="State" options={STATE_CHOICES} />
      </FilterForm>
      <Outcome done={done} error={error} />
      {page && (
        <RecordsTable
          columns={[
            {
              header: 'Customer',
              cell: (s) => (
                <>
                  {customerOf(s)}
                  {s.customer.name && s.customer.email ? (
                    <span className="cfg-muted"> {s.customer.email}</span>
                  ) : null}
                </>
              ),
            },
            { header: 'Product', cell: (s) => `${s.title} × ${s.quantity}` },
            {
              header: 'Plan',
              cell: (s) => `Every ${s.billingPeriod.value} ${s.billingPeriod.unit.toLowerCase()}(s)`,
            },
            { header: 'Cycles', cell: cyclesOf },
            {
              header: 'Next renewal',
              cell: (s) => (s.nextRenewal === null ? '—' : new Date(s.nextRenewal).toLocaleDateString()),
            },
            {
              header: 'State',
              cell: (s) => <span className={`cfg-badge cfg-badge-${s.state}`}>{STATE_TEXT[s.state]}</span>,
            },
            {
              header: 'Failures',
              numeric: true,
              cell: (s) => (s.failures > 0 && s.lastError ? `${s.failures}: ${s.lastError}` : s.failures),
            },
            ...(canManage
              ? [
                  {
                    header: 'Actions',
                    hiddenHeader: true,
                    cell: (s: Subscription) => (
                      <ActionsCell subscription={s} busy={busy} onAction={(x, a) => void act(x, a)} />
                    ),
                  },
                ]
              : []),
          ]}
          rows={page.subscriptions}
          rowKey={(s) => s.id}
          caption="Subscriptions, newest first"
          emptyText="No subscription."
        />
      )}
      <CursorPager cursor={cursor} page={page} onCursor={setCursor} />
    </>
  );
}
