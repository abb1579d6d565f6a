import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, openFresh } from '../../testing/databases.ts';
import { smtpPeer, waitFor } from '../../modules/forms/testing.ts';
import { createMailer, queueMail } from './mail.ts';

let peer: Awaited<ReturnType<typeof smtpPeer>>;
beforeAll(async () => {
  peer = await smtpPeer();
});
afterAll(async () => {
  await peer.close();
});

/** A loopback port nobody listens on. */
const deadPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

describe.each(DATABASES)('the mail outbox on $name', (database) => {
  it('keeps mail queued without SMTP, marks a failed send, and delivers what waits on the next start', async () => {
    const { handle, cleanup } = await openFresh(database);
    try {
      const db = handle.db;
      const id = await queueMail(db, {
        kind: 'test',
        refId: null,
        to: 'owner@example.test',
        subject: 'Waiting',
        body: 'Hello',
      });
      const noSmtp = createMailer(db, undefined);
      expect(noSmtp.sends).toBe(false);
      await noSmtp.deliverPending();
      const status = async () =>
        await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect((await status()).status).toBe('queued');

      const broken = createMailer(db, `smtp://127.0.0.1:${await deadPort()}`);
      await broken.deliverPending();
      broken.close();
      const failed = await status();
      expect(failed.status).toBe('failed');
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

      const working = createMailer(db, peer.url);
      await working.deliverPending();
      working.close();
      const sent = await status();
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBe(2);
      const mail = await waitFor(() => peer.mails.find((m) => m.raw.includes('Subject: Waiting')));
      expect(mail.to).toEqual(['owner@example.test']);
      // Sent mail is not sent again.
      const before = peer.mails.length;
      const again = createMailer(db, peer.url);
      await again.deliverPending();
      again.close();
      expect(peer.mails.length).toBe(before);
    } finally {
      await cleanup();
    }
  });
});
