/**
 * Comment moderation in the back office (issue 16): the queue by state with each item's title and
 * address, approve (the comment shows on the post's public thread), spam and delete (it leaves
 * it), the staff reply, and who may do what (moderator 6 moderates, commenter 7 only replies).
 * Every role's refusals of these routes are also walked by accounts/security.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RoleCode } from '@storefront/core';
import { afterAll, describe, expect, it } from 'vitest';
import { Customer } from '../accounts/testing.ts';
import { addComment } from './store.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/comments';
const POST = 'post-1';

/** The fixture site with comments turned on. */
function commentSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-moderation-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const file = join(dir, 'content/website.json');
  const website = JSON.parse(readFileSync(file, 'utf8')) as { websiteSettings: Record<string, unknown> };
  website.websiteSettings.commentsEnabled = true;
  writeFileSync(file, JSON.stringify(website, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Listed {
  id: string;
  itemTitle: string | null;
  itemUrl: string | null;
  body: string;
  state: string;
  moderatedBy: string | null;
  byStaff: boolean;
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: comment moderation`, () => {
    const site = commentSite();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    let made = 0;
    let created = Date.UTC(2026, 10, 1);

    async function staff(...roles: RoleCode[]) {
      const email = `moderation-${++made}@example.test`;
      return { browser: await signInNewStaff(t, email, roles, `Staff ${made}`), email };
    }

    /** A visitor's comment waiting for a moderator, as the storefront stores it. */
    async function pending(body: string, itemId = POST) {
      const added = await addComment(
        t.db,
        {
          itemId,
          parentId: null,
          authorName: 'Visitor',
          authorEmail: 'visitor@example.test',
          accountId: null,
          staffId: null,
          visitor: 'visitor-digest',
          body,
          state: 'pending',
        },
        (created += 1000),
      );
      if (!added.ok) throw new Error(added.reason);
      return added.comment.id;
    }

    const publicBodies = async () => {
      const thread = await t.app.inject({ method: 'GET', url: `/api/comments/${POST}` });
      expect(thread.statusCode, thread.body).toBe(200);
      return JSON.stringify(thread.json());
    };
    const listed = async (browser: Customer, query = '') => {
      const res = await browser.request('GET', `${API}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { comments: Listed[]; hasNextPage: boolean; nextPageCursor: string | null };
    };

    it('lists the pending comments with their post’s title and address; approving shows one on the post’s thread', async () => {
      const id = await pending('Lovely glaze on the second bowl.');
      const { browser: moderator, email } = await staff(6);

      const queue = await listed(moderator);
      const row = queue.comments.find((c) => c.id === id);
      expect(row).toMatchObject({
        itemTitle: 'First post',
        itemUrl: '/journal/first-post',
        body: 'Lovely glaze on the second bowl.',
        state: 'pending',
      });
      expect(JSON.stringify(queue)).not.toContain('visitor@example.test');
      expect(await publicBodies()).not.toContain('Lovely glaze');

      const approved = await moderator.request('POST', `${API}/${id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ id, state: 'approved', moderatedBy: email });
      expect(await publicBodies()).toContain('Lovely glaze on the second bowl.');
      expect((await listed(moderator)).comments.map((c) => c.id)).not.toContain(id);
      expect((await listed(moderator, '?state=approved')).comments.map((c) => c.id)).toContain(id);
    });

    it('marking spam and deleting take an approved comment off the thread, into their own lists', async () => {
      const { browser: moderator } = await staff(6);
      const spam = await pending('Cheap watches here');
      const rude = await pending('A rude remark');
      for (const id of [spam, rude])
        expect((await moderator.request('POST', `${API}/${id}/approve`, {})).statusCode).toBe(200);
      expect(await publicBodies()).toContain('Cheap watches here');

      expect((await moderator.request('POST', `${API}/${spam}/spam`, {})).json().state).toBe('spam');
      expect((await moderator.request('POST', `${API}/${rude}/delete`, {})).json().state).toBe('deleted');
      const thread = await publicBodies();
      expect(thread).not.toContain('Cheap watches here');
      expect(thread).not.toContain('A rude remark');
      expect((await listed(moderator, '?state=spam')).comments.map((c) => c.id)).toEqual([spam]);
      expect((await listed(moderator, '?state=deleted')).comments.map((c) => c.id)).toEqual([rude]);
    });

    it('a commenter (role 7) reads the queue and replies as staff, but may not moderate', async () => {
      const { browser: commenter } = await staff(7);
      const { browser: moderator } = await staff(6);
      const id = await pending('Do you ship to Norway?');
      expect((await listed(commenter)).comments.map((c) => c.id)).toContain(id);
      for (const action of ['approve', 'spam', 'delete']) {
        const refused = await commenter.request('POST', `${API}/${id}/${action}`, {});
        expect(refused.statusCode, action).toBe(403);
        expect(refused.json().code).toBe('account.forbidden');
      }
      expect((await listed(moderator)).comments.find((c) => c.id === id)?.state).toBe('pending');

      // A reply under a comment nobody can see yet would show under something hidden.
      const early = await commenter.request('POST', `${API}/${id}/reply`, { body: 'Yes, we do.' });
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json()).toEqual({
        code: 'comment-not-public',
        message: 'Only a published comment can be answered: approve it first.',
      });

      expect((await moderator.request('POST', `${API}/${id}/approve`, {})).statusCode).toBe(200);
      const reply = await commenter.request('POST', `${API}/${id}/reply`, { body: 'Yes, we do.' });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json()).toMatchObject({ body: 'Yes, we do.', state: 'approved', byStaff: true });
      expect(await publicBodies()).toContain('Yes, we do.');
    });

    it('refuses the other staff roles, and signed-out callers', async () => {
      const id = await pending('Anyone there?');
      for (const role of [4, 8, 10] as RoleCode[]) {
        const { browser } = await staff(role);
        expect((await browser.request('GET', API)).statusCode, `role ${role}`).toBe(403);
        expect((await browser.request('POST', `${API}/${id}/approve`, {})).statusCode).toBe(403);
        expect((await browser.request('POST', `${API}/${id}/reply`, { body: 'Hi' })).statusCode).toBe(403);
      }
      const anonymous = new Customer(t);
      await anonymous.start();
      expect((await anonymous.request('GET', API)).statusCode).toBe(401);
    });

    it('answers malformed ids, unknown ids, bad states, cursors and bodies with a 4xx', async () => {
      const { browser: moderator } = await staff(6);
      const bad = await moderator.request('POST', `${API}/not-a-uuid/approve`, {});
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('expected a comment id');
      const unknown = await moderator.request('POST', `${API}/00000000-0000-4000-8000-000000000000/spam`, {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'not-found', message: 'There is no such comment.' });
      expect(
        (await moderator.request('POST', `${API}/00000000-0000-4000-8000-000000000000/reply`, { body: 'x' }))
          .statusCode,
      ).toBe(404);
      expect((await moderator.request('GET', `${API}?state=hidden`)).statusCode).toBe(400);
      const cursor = await moderator.request('GET', `${API}?cursor=nonsense`);
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().code).toBe('invalid-cursor');
      const id = await pending('Fine words');
      for (const body of [{ body: '   ' }, { body: 'x'.repeat(4001) }, { text: 'hi' }]) {
        const res = await moderator.request('POST', `${API}/${id}/reply`, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
    });

    it('pages the queue with the cursor it hands out, newest first, each comment once', async () => {
      const { browser: moderator } = await staff(6);
      const ids: string[] = [];
      for (let n = 0; n < 55; n++) ids.push(await pending(`Paged ${n}`, 'post-2'));
      const seen: string[] = [];
      let page = await listed(moderator);
      seen.push(...page.comments.map((c) => c.id));
      expect(page.hasNextPage).toBe(true);
      page = await listed(moderator, `?cursor=${page.nextPageCursor}`);
      seen.push(...page.comments.map((c) => c.id));
      expect(page.hasNextPage).toBe(false);
      expect(page.nextPageCursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, 55)).toEqual([...ids].reverse());
    });
  });
}
