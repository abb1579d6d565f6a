/**
 * The analytics event sender (spec sections 7 and 8): `POST /api/events/RecordEvent` with a JSON
 * body; success is HTTP 200 or 202. No payload rejects with 'no payload'; another status warns and
 * rejects with 'Error tracking event: HTTP Status {n}'. Callers that must not fail swallow it.
 */
import { ANALYTICS_MESSAGES, isTrackingSuccess } from '@storefront/core/tracking';
import type { TransportEnv } from './transport.ts';

export const RECORD_EVENT_URL = '/api/events/RecordEvent';
export const EVENT_TIMEOUT_MS = 2500;

export async function sendEvent(
  env: TransportEnv,
  event: string,
  data: Record<string, unknown> | undefined,
): Promise<void> {
  if (!event || data === undefined || data === null) throw new Error(ANALYTICS_MESSAGES.noPayload);
  const f = env.fetch;
  if (!f) throw new Error(ANALYTICS_MESSAGES.httpStatus(0));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EVENT_TIMEOUT_MS);
  let status: number;
  try {
    const res = await f(RECORD_EVENT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, data }),
      credentials: 'same-origin',
      keepalive: true,
      signal: controller.signal,
    });
    status = res.status;
  } catch {
    status = 0;
  } finally {
    clearTimeout(timer);
  }
  if (!isTrackingSuccess(status)) {
    const message = ANALYTICS_MESSAGES.httpStatus(status);
    env.warn(message);
    throw new Error(message);
  }
}
