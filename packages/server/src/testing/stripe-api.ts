/**
 * A local stand-in for Stripe's API, for the suites that run the official SDK against it
 * (`apiBase`): a node:http server that records every request and answers
 * `POST /v1/checkout/sessions`, `POST /v1/payment_intents` (a declined card: 402 `card_error` with
 * the failed intent) and `POST /v1/refunds` as the API reference documents them.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const metadataOf = (form: URLSearchParams) => {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m?.[1]) metadata[m[1]] = value;
  }
  return metadata;
};

const invalidRequest = (status: number, code: string, message: string, param?: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } },
});

/**
 * Stripe's answer to `POST /v1/refunds`: a pending Refund of the PaymentIntent's charge, or the
 * errors the reference documents for an unknown intent and an amount above what is left on it.
 */
function refundAnswer(
  form: URLSearchParams,
  id: string,
  charged: ReadonlyMap<string, number>,
  refunded: Map<string, number>,
): { status: number; body: unknown } {
  const intent = form.get('payment_intent') ?? '';
  const paid = charged.get(intent);
  if (paid === undefined)
    return invalidRequest(404, 'resource_missing', `No such payment_intent: '${intent}'`, 'payment_intent');
  const before = refunded.get(intent) ?? 0;
  const amount = form.has('amount') ? Number(form.get('amount')) : paid - before;
  if (amount > paid - before)
    return invalidRequest(
      400,
      'amount_too_large',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid - before})`,
      'amount',
    );
  refunded.set(intent, before + amount);
  return {
    status: 200,
    body: {
      id,
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: `ch_${intent}`,
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      metadata: metadataOf(form),
      payment_intent: intent,
      reason: form.get('reason'),
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'pending',
      transfer_reversal: null,
    },
  };
}

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A payment method the stand-in declines at once, as Stripe's test card `pm_card_chargeDeclined`. */
export const DECLINED_CARD = 'pm_card_chargeDeclined';

/** Stripe's answer to `POST /v1/payment_intents` (confirmed off-session): the intent, or a 402 card error. */
function paymentIntentAnswer(form: URLSearchParams, id: string): { status: number; body: unknown } {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m?.[1]) metadata[m[1]] = value;
  }
  const declined = form.get('payment_method') === DECLINED_CARD;
  const intent = {
    id,
    object: 'payment_intent',
    amount: Number(form.get('amount')),
    currency: form.get('currency'),
    customer: form.get('customer'),
    payment_method: form.get('payment_method'),
    metadata,
    livemode: false,
    status: declined ? 'requires_payment_method' : 'processing',
  };
  if (!declined) return { status: 200, body: intent };
  const message = 'Your card was declined.';
  return {
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message,
        payment_intent: {
          ...intent,
          last_payment_error: { type: 'card_error', code: 'card_declined', message },
        },
      },
    },
  };
}

/** Stripe's API as the reference documents a created Checkout Session; every request recorded. */
export interface FakeStripeApi {
  server: Server;
  base: string;
  requests: Recorded[];
  /** PaymentIntents that took money (id -> amount in minor units): only they can be refunded. */
  charged: Map<string, number>;
  /** PaymentIntents whose refunds Stripe answers with a 500 `api_error` (an outage on its side). */
  unavailable: Set<string>;
}

export async function fakeStripeApi(): Promise<FakeStripeApi> {
  const requests: Recorded[] = [];
  let sessions = 0;
  let intents = 0;
  const charged = new Map<string, number>();
  const unavailable = new Set<string>();
  const refunded = new Map<string, number>();
  let refunds = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', `req_${requests.length}`);
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const answer = paymentIntentAnswer(form, `pi_test_renewal_${++intents}`);
        res.statusCode = answer.status;
        res.end(JSON.stringify(answer.body));
        return;
      }
      if (
        req.method === 'POST' &&
        req.url === '/v1/refunds' &&
        unavailable.has(form.get('payment_intent') ?? '')
      ) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const answer = refundAnswer(form, `re_test_${++refunds}`, charged, refunded);
        res.statusCode = answer.status;
        res.end(JSON.stringify(answer.body));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      const id = `cs_test_${++sessions}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          amount_subtotal: Number(form.get('line_items[0][price_data][unit_amount]')),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          cancel_url: form.get('cancel_url'),
          client_reference_id: form.get('client_reference_id'),
          created: Math.floor(Date.now() / 1000),
          currency: form.get('line_items[0][price_data][currency]'),
          customer_email: form.get('customer_email'),
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
          livemode: false,
          metadata,
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, requests, charged, unavailable };
}
