import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { setCommentState } from '../packages/server/src/modules/comments/store.ts';
import { AWAITING_TEXT, COMMENT_POST, openComments, postComment } from './comments-support.ts';
import { failOnPageErrors, seriousAxeViolations, serverDatabase } from './support.ts';

/**
 * Comments and likes on the demo journal (issue 16): the thread reads without JavaScript, a
 * visitor's comment waits for approval (they see it marked, others do not), a reply nests under
 * its comment, and a like counts once per visitor; axe on the post with the form and thread.
 */
failOnPageErrors();
const server = serverDatabase();

test('posting and liking a comment', async ({ page, browser }) => {
  // Two captchas solved by the browser's proof of work, and three visitors' pages.
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const body = `The speckled mugs are lovely ${tag}`;
  // Other specs post to the same journal post: a name of our own keeps "Reply to …" unambiguous.
  const author = `Grace ${tag}`;
  const comments = await openComments(page);
  // The imported thread, replies nested.
  await expect(comments.locator('#comment-demo-comment-1 .sf-comments__replies')).toContainText(
    'Thank you, Maren.',
  );

  await postComment(comments, { name: author, body, email: 'grace@example.com' });
  await expect(comments.getByRole('status')).toHaveText(AWAITING_TEXT);
  const own = comments.locator('.sf-comment', { hasText: body });
  await expect(own.getByText('Awaiting approval')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The poster still sees it after a reload; someone else does not.
  const ownAgain = await openComments(page);
  await expect(
    ownAgain.locator('.sf-comment', { hasText: body }).getByText('Awaiting approval'),
  ).toBeVisible();
  const stranger = await (await browser.newContext()).newPage();
  await expect((await openComments(stranger)).getByText(body)).toHaveCount(0);

  // Approved: everyone reads it, and a reply nests under it.
  const row = await server.db
    .selectFrom('comments')
    .select('id')
    .where('body', '=', body)
    .executeTakeFirstOrThrow();
  await setCommentState(server.db, row.id, 'approved', null);
  const strangerComments = await openComments(stranger);
  await expect(strangerComments.getByText(body)).toBeVisible();
  const reply = `Thank you, Grace ${randomUUID().slice(0, 8)}`;
  await postComment(strangerComments, { name: 'Theo', body: reply, replyTo: author });
  await expect(
    strangerComments.locator('.sf-comment', { hasText: body }).locator('.sf-comments__replies'),
  ).toContainText(reply);

  // A like counts once per visitor: pressed, the count goes up by one and back on a second press.
  await page.goto(COMMENT_POST.path);
  // The like button's island loads once it comes near the viewport.
  await page.locator('.post__social').scrollIntoViewIfNeeded();
  const like = page.locator('.post__social').getByRole('button', { name: /Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await like.locator('.like-count').textContent());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.locator('.like-count')).toHaveText(String(before + 1));
  await page.reload();
  await page.locator('.post__social').scrollIntoViewIfNeeded();
  const likedAgain = page.locator('.post__social').getByRole('button', { name: /Like/ });
  await expect(likedAgain).toHaveAttribute('aria-pressed', 'true');
  await expect(likedAgain.locator('.like-count')).toHaveText(String(before + 1));
  await likedAgain.click();
  await expect(likedAgain).toHaveAttribute('aria-pressed', 'false');
  await expect(likedAgain.locator('.like-count')).toHaveText(String(before));
});

test('the thread reads without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(COMMENT_POST.path);
  const thread = page.locator('.post__comments');
  await expect(thread.getByRole('heading', { level: 2 })).toHaveText(/\d+ Comments?/);
  await expect(thread.getByText('The Moss glaze on my mug is even better in person.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
  );
  await context.close();
});
