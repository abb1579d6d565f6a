/**
 * Comments and likes for visitors (issue 16) over real HTTP on each database: the thread, posting
 * (pending until approved, the poster sees theirs), replies, likes once per visitor, the rate limit,
 * the captcha, malformed input, and the site settings that hide it all.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment, setCommentState } from './store.ts';
import { solveCaptcha } from '../forms/testing.ts';
import {
  cookieHeader,
  cookiesOf,
  DATABASES,
  DEMO_SITE,
  FIXTURE_SITE,
  startApp,
  type TestApp,
} from '../../testing/app.ts';
import { importComments } from './imported.ts';
import { COMMENTS_PATH, DEFAULT_COMMENT_LIMIT, VISITORS_PER_ADDRESS } from './routes.ts';

const OPEN = 'post-1';
const CLOSED = 'post-2';

/** The fixture site with comments and likes on (or off), post-1 open to comments, post-2 closed. */
function commentSite(settings: Record<string, unknown>): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-comments-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const websiteFile = join(dir, 'content/website.json');
  const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as {
    websiteSettings: Record<string, unknown>;
  };
  Object.assign(website.websiteSettings, settings);
  writeFileSync(websiteFile, JSON.stringify(website));
  const journalFile = join(dir, 'content/collections/journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { items: Record<string, unknown>[] };
  for (const item of journal.items) item.commentState = item.id === OPEN ? 1 : 2;
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(dir, 'template/collections/blog.item'),
    '{.section item}<article class="post-detail"><h1 class="post-title">{title}</h1>' +
      '<p class="count">{@|comment-count}</p>{@|like-button}' +
      '{.comments?}{@|comments}{.end}</article>{.end}',
  );
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

let ip = 0;
/**
 * A visitor from an address of its own (or the one given, shared with others), holding the crumb
 * cookie (and later its visitor cookie).
 */
async function visitor(app: FastifyInstance, remoteAddress = `10.2.0.${++ip}`) {
  const first = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', remoteAddress });
  const cookies = cookiesOf(first.headers['set-cookie']);
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    Object.assign(cookies, cookiesOf(response.headers['set-cookie']));
    return response;
  };
  const captcha = async () => {
    const challenge = await app.inject({ method: 'GET', url: '/api/form/captcha/challenge', remoteAddress });
    return solveCaptcha(challenge.json<Challenge>());
  };
  return {
    remoteAddress,
    cookies,
    send,
    captcha,
    thread: (itemId = OPEN, cursor?: string) =>
      send('GET', `${COMMENTS_PATH}/${itemId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
    post: async (payload: Record<string, unknown>, itemId = OPEN) =>
      send('POST', `${COMMENTS_PATH}/${itemId}`, { captchaToken: await captcha(), ...payload }),
    like: (itemId = OPEN) => send('PUT', `${COMMENTS_PATH}/${itemId}/like`),
    unlike: (itemId = OPEN) => send('DELETE', `${COMMENTS_PATH}/${itemId}/like`),
  };
}

const COMMENT = { authorName: 'Ada', authorEmail: 'ada@example.com', body: 'Lovely glaze.' };

describe.each(DATABASES)('comments and likes on $name', (database) => {
  const open = commentSite({ commentsEnabled: true, simpleLikingEnabled: true });
  const off = commentSite({ commentsEnabled: false, simpleLikingEnabled: false });
  let t: TestApp;
  let hidden: TestApp;
  const cheapCaptcha = { forms: { captchaCost: 1, captchaMaxCounter: 50 } };
  beforeAll(async () => {
    t = await startApp(database, { siteDir: open.dir, ...cheapCaptcha });
    hidden = await startApp(database, { siteDir: off.dir, ...cheapCaptcha });
  });
  afterAll(async () => {
    await t?.close();
    await hidden?.close();
    open.cleanup();
    off.cleanup();
  });

  it('keeps a new comment pending: the poster sees it awaiting approval, others do not, until approved', async () => {
    const poster = await visitor(t.app);
    const other = await visitor(t.app);
    const posted = await poster.post(COMMENT);
    expect(posted.statusCode).toBe(200);
    const { comment, awaitingApproval } = posted.json<{
      comment: { id: string; authorName: string; awaitingApproval: boolean };
      awaitingApproval: boolean;
    }>();
    expect(awaitingApproval).toBe(true);
    expect(comment).toMatchObject({ authorName: 'Ada', awaitingApproval: true });
    expect(JSON.stringify(posted.json())).not.toContain('ada@example.com');

    const own = (await poster.thread()).json<{ comments: { id: string; awaitingApproval: boolean }[] }>();
    expect(own.comments.find((c) => c.id === comment.id)?.awaitingApproval).toBe(true);
    const theirs = (await other.thread()).json<{ comments: { id: string }[]; publicCommentCount: number }>();
    expect(theirs.comments.map((c) => c.id)).not.toContain(comment.id);
    const pageBefore = await other.send('GET', '/journal/first-post');
    expect(pageBefore.body).not.toContain('Lovely glaze.');

    expect(await setCommentState(t.app.database.db, comment.id, 'approved', 'moderator@example.com')).toBe(
      true,
    );
    const after = (await other.thread()).json<{
      comments: { id: string; body: string; awaitingApproval: boolean }[];
      publicCommentCount: number;
    }>();
    expect(after.comments.find((c) => c.id === comment.id)).toMatchObject({
      body: 'Lovely glaze.',
      awaitingApproval: false,
    });
    expect(after.publicCommentCount).toBe(theirs.publicCommentCount + 1);
    // The page is rendered for a visitor with a cart-less, session-less request: read it afresh.
    const page = await t.app.inject({ method: 'GET', url: '/journal/first-post?fresh=1' });
    expect(page.body).toContain('<div class="sf-comment__body"><p>Lovely glaze.</p></div>');
    expect(page.body).toContain(`${after.publicCommentCount} Comment`);
  });

  it('nests a reply under its comment, and refuses a reply to what the visitor cannot see', async () => {
    const db = t.app.database.db;
    const root = await addComment(db, {
      itemId: OPEN,
      parentId: null,
      authorName: 'Theo',
      authorEmail: null,
      accountId: null,
      staffId: null,
      visitor: 'someone-else',
      body: 'Root',
      state: 'approved',
    });
    const hiddenOne = await addComment(db, {
      itemId: OPEN,
      parentId: null,
      authorName: 'Spammer',
      authorEmail: null,
      accountId: null,
      staffId: null,
      visitor: 'someone-else',
      body: 'Buy now',
      state: 'pending',
    });
    if (!root.ok || !hiddenOne.ok) throw new Error('seed failed');
    const v = await visitor(t.app);
    const reply = await v.post({ authorName: 'Nell', body: 'A reply', parentId: root.comment.id });
    expect(reply.statusCode).toBe(200);
    const replyId = reply.json<{ comment: { id: string } }>().comment.id;
    await setCommentState(db, replyId, 'approved', null);
    const deeper = await v.post({ authorName: 'Ada', body: 'Deeper', parentId: replyId });
    expect(deeper.statusCode).toBe(200);

    type Node = { id: string; body: string; replies: Node[] };
    const thread = (await v.thread()).json<{ comments: Node[] }>();
    const shown = thread.comments.find((c) => c.id === root.comment.id);
    expect(shown?.replies.map((r) => r.body)).toEqual(['A reply']);
    expect(shown?.replies[0]?.replies.map((r) => r.body)).toEqual(['Deeper']);

    for (const parentId of [hiddenOne.comment.id, 'no-such-comment']) {
      const refused = await v.post({ authorName: 'Ada', body: 'Hm', parentId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 'comments.parent-not-found',
        message: 'The comment you replied to is no longer shown.',
      });
    }
  });

  it('counts one like per visitor: a second like changes nothing, unlike takes it back', async () => {
    const a = await visitor(t.app);
    const b = await visitor(t.app);
    const first = await a.like();
    expect(first.statusCode).toBe(200);
    const base = first.json<{ likeCount: number }>().likeCount;
    expect((await a.like()).json()).toEqual({ liked: true, likeCount: base });
    expect((await b.like()).json()).toEqual({ liked: true, likeCount: base + 1 });
    expect((await a.thread()).json<{ liked: boolean }>().liked).toBe(true);
    expect((await a.unlike()).json()).toEqual({ liked: false, likeCount: base });
    expect((await a.thread()).json<{ liked: boolean }>().liked).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: '/journal/first-post?likes=1' });
    expect(page.body).toContain(`data-like-count="${base}"`);
  });

  it('pages a long thread with a cursor, and refuses a cursor that is not one', async () => {
    const db = t.app.database.db;
    const item = 'post-3';
    for (let n = 0; n < 23; n++)
      await addComment(
        db,
        {
          itemId: item,
          parentId: null,
          authorName: `Reader ${n}`,
          authorEmail: null,
          accountId: null,
          staffId: null,
          visitor: 'v',
          body: `Comment ${n}`,
          state: 'approved',
        },
        1_800_000_000_000 + n,
      );
    const v = await visitor(t.app);
    const first = (await v.thread(item)).json<{
      comments: { body: string }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    }>();
    expect(first.comments).toHaveLength(20);
    expect(first.hasNextPage).toBe(true);
    const second = (await v.thread(item, first.nextPageCursor)).json<{
      comments: { body: string }[];
      hasNextPage: boolean;
    }>();
    expect(second.comments.map((c) => c.body)).toEqual(['Comment 20', 'Comment 21', 'Comment 22']);
    expect(second.hasNextPage).toBe(false);
    const bad = await v.thread(item, 'not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('invalid-cursor');
  });

  it('refuses a comment without a solved captcha, or with one already spent', async () => {
    const v = await visitor(t.app);
    const missing = await v.send('POST', `${COMMENTS_PATH}/${OPEN}`, COMMENT);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'comments.captcha-incomplete',
      message: 'Complete CAPTCHA before submitting.',
    });
    const token = await v.captcha();
    expect(
      (await v.send('POST', `${COMMENTS_PATH}/${OPEN}`, { ...COMMENT, captchaToken: token })).statusCode,
    ).toBe(200);
    for (const captchaToken of [token, 'bm90IGpzb24=']) {
      const refused = await v.send('POST', `${COMMENTS_PATH}/${OPEN}`, { ...COMMENT, captchaToken });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('comments.captcha-failed');
    }
  });

  it('answers malformed input with a 4xx naming the problem', async () => {
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ ...COMMENT, authorName: '  ' }, 400, 'comments.name-blank', 'Name cannot be blank'],
      [
        { ...COMMENT, authorName: 'x'.repeat(81) },
        400,
        'comments.name-too-long',
        'Name must be at most 80 characters',
      ],
      [{ ...COMMENT, body: '\n ' }, 400, 'comments.body-blank', 'Comment cannot be blank'],
      [
        { ...COMMENT, body: 'x'.repeat(4001) },
        400,
        'comments.body-too-long',
        'Comment must be at most 4000 characters',
      ],
      [{ ...COMMENT, authorEmail: 'not an address' }, 400, 'comments.email-invalid', 'Email is invalid'],
      [{ ...COMMENT, rating: 5 }, 400, 'invalid-request', /rating/],
      [{ authorName: 'Ada' }, 400, 'invalid-request', /body/],
    ];
    // Every attempt counts against the visitor's limit: one visitor per case.
    for (const [payload, status, code, text] of cases) {
      const response = await (await visitor(t.app)).post(payload);
      expect(response.statusCode, code).toBe(status);
      const body = response.json<{ code: string; message: string }>();
      expect(body.code).toBe(code);
      expect(body.message).toMatch(text);
    }
    const v = await visitor(t.app);
    const closed = await v.post(COMMENT, CLOSED);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ code: 'comments.closed', message: 'Comments are closed here.' });
    const unknown = await v.post(COMMENT, 'no-such-item');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('comments.item-not-found');
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: `${COMMENTS_PATH}/${OPEN}`,
      payload: COMMENT,
      remoteAddress: v.remoteAddress,
    });
    expect(noCrumb.statusCode).toBe(403);
    // Longer than any item id: the router's own limit answers, never a 500.
    const tooLong = await v.thread('x'.repeat(101));
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.json<{ code: string }>().code).toBe('not-found');
  });

  it(`limits each visitor to ${DEFAULT_COMMENT_LIMIT.max} comments a minute`, async () => {
    const v = await visitor(t.app);
    for (let n = 0; n < DEFAULT_COMMENT_LIMIT.max; n++)
      expect((await v.post({ ...COMMENT, body: `Comment ${n}` })).statusCode).toBe(200);
    const limited = await v.post(COMMENT);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'rate-limited',
      message: 'You are commenting too fast. Please wait a minute and try again.',
    });
    // Another visitor is not held back.
    expect((await (await visitor(t.app)).post(COMMENT)).statusCode).toBe(200);
  });

  it('counts the limit per visitor behind a shared address, up to a ceiling for the address', async () => {
    const office = '10.4.0.1';
    const first = await visitor(t.app, office);
    // The island reads the thread before posting: the visitor has their cookie by then.
    expect((await first.thread()).statusCode).toBe(200);
    for (let n = 0; n < DEFAULT_COMMENT_LIMIT.max; n++)
      expect((await first.post({ ...COMMENT, body: `Office ${n}` })).statusCode).toBe(200);
    expect((await first.post(COMMENT)).statusCode).toBe(429);
    // A colleague at the same address still has their own allowance.
    const colleague = await visitor(t.app, office);
    await colleague.thread();
    expect((await colleague.post(COMMENT)).statusCode).toBe(200);

    // A client making up a new cookie for every comment stops at the address's ceiling.
    const crowded = '10.4.0.2';
    const ceiling = DEFAULT_COMMENT_LIMIT.max * VISITORS_PER_ADDRESS;
    const statuses: number[] = [];
    for (let n = 0; n <= ceiling; n++) {
      const fresh = await visitor(t.app, crowded);
      fresh.cookies.sf_visitor = `made-up-visitor-${String(n).padStart(4, '0')}`;
      statuses.push((await fresh.post({ ...COMMENT, body: `Crowd ${n}` })).statusCode);
    }
    expect(statuses.slice(0, ceiling).every((s) => s === 200)).toBe(true);
    expect(statuses[ceiling]).toBe(429);

    // A client dropping its cookie after each comment has the address's one allowance.
    const forgetful = await visitor(t.app, '10.4.0.3');
    for (let n = 0; n <= DEFAULT_COMMENT_LIMIT.max; n++) {
      delete forgetful.cookies.sf_visitor;
      const status = (await forgetful.post({ ...COMMENT, body: `Forgetful ${n}` })).statusCode;
      expect(status, `comment ${n + 1}`).toBe(n < DEFAULT_COMMENT_LIMIT.max ? 200 : 429);
    }
  });

  it('shows nothing and takes nothing when the site turns comments and likes off', async () => {
    const v = await visitor(hidden.app);
    const page = await hidden.app.inject({ method: 'GET', url: '/journal/first-post' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('squarespace-comments');
    expect(page.body).not.toContain('sqs-simple-like');
    expect((await v.thread()).statusCode).toBe(404);
    expect((await v.post(COMMENT)).json<{ code: string }>().code).toBe('comments.item-not-found');
    const like = await v.like();
    expect(like.statusCode).toBe(403);
    expect(like.json()).toEqual({ code: 'likes.off', message: 'Likes are turned off on this site.' });
  });
});

describe.each(DATABASES)('the demo journal on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { siteDir: DEMO_SITE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows its imported comments threaded, the count, a like button and share links, without JavaScript', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/journal/notes-from-the-winter-firing' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="post-comments-title">2 Comments</h2>');
    expect(page.body).toMatch(
      /<li class="sf-comment" id="comment-demo-comment-1">.*Maren.*<ol class="sf-comments__replies"><li class="sf-comment" id="comment-demo-comment-2">/s,
    );
    expect(page.body).toContain(
      'class="sqs-simple-like" data-item-id="e2e3e93c17d56f25fd8e8174" data-like-count="0"',
    );
    expect(page.body).toContain('>Share on Facebook</a>');
    // Started again on the same database (or by another instance): the import adds nothing twice.
    expect(await importComments(t.app.database.db, DEMO_SITE)).toBe(0);
    const rows = await t.app.database.db.selectFrom('comments').select('id').execute();
    expect(rows).toHaveLength(3);
  });
});
