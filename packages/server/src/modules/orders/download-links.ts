/**
 * Signed, expiring download links (issue 30): a paid order's digital line is downloaded at
 * `/checkout/download/{orderId}/{lineId}?expires={ms}&signature={hmac}`. The signature is an HMAC
 * of the path and the expiry under a secret of the shop's (kept in the database, shared by every
 * instance), so a link cannot be made longer-lived or pointed at another line. Pages and mails
 * sign a fresh link each time they are built; an expired one says where to get another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Order } from '@storefront/core/wire';
import { isPaid } from './on-payment.ts';

export type DownloadLinkCheck = 'valid' | 'expired' | 'invalid';

export interface DownloadLinks {
  /** `path` (a line's `downloadUrl`) with an expiry and its signature. */
  sign(path: string): string;
  /** Whether the link's `expires` and `signature` were signed for `path` and are still in time. */
  check(path: string, expires: unknown, signature: unknown): DownloadLinkCheck;
}

export function downloadLinks(options: {
  secret: string;
  lifetimeMs: number;
  now: () => number;
}): DownloadLinks {
  const signatureOf = (path: string, expires: string) =>
    createHmac('sha256', options.secret).update(`download:${path}:${expires}`).digest('base64url');
  return {
    sign(path) {
      const expires = String(options.now() + options.lifetimeMs);
      return `${path}?expires=${expires}&signature=${signatureOf(path, expires)}`;
    },
    check(path, expires, signature) {
      if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,16}$/.test(expires))
        return 'invalid';
      const expected = Buffer.from(signatureOf(path, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) < options.now() ? 'expired' : 'valid';
    },
  };
}

/** The order with each digital line's link signed, when it is paid (unpaid orders hand out none). */
export function withSignedDownloads(order: Order, links: DownloadLinks): Order {
  if (!isPaid(order.status)) return order;
  return {
    ...order,
    lines: order.lines.map((l) => (l.downloadUrl ? { ...l, downloadUrl: links.sign(l.downloadUrl) } : l)),
  };
}
