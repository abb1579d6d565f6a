import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addComment } from '../packages/server/src/modules/comments/store.ts';
import { AWAITING_TEXT, COMMENT_POST as POST, openComments, postComment } from './comments-support.ts';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * Comment moderation in the back office (issue 16) on the demo site: a visitor's comment on a
 * journal post waits for approval, a moderator (role 6) approves it in /config and it shows on the
 * post; a commenter (role 7) is offered no moderation, only the staff reply; axe on the screen.
 */
failOnPageErrors();
const server = serverDatabase();

test('a visitor’s comment waits; a moderator approves it in /config and the post shows it', async ({
  page,
  browser,
}) => {
  const body = `The ash glaze came out beautifully ${randomUUID().slice(0, 8)}`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await postComment(await openComments(visitor), { name: 'Grace Visitor', body });
  await expect(visitor.getByText(AWAITING_TEXT)).toBeVisible();

  // Anyone else sees nothing of it yet.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await expect((await openComments(strangerPage)).getByText(body)).toHaveCount(0);

  await signInAsStaff(page, 'moderator');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Comments' }).click();
  await expect(page.getByRole('heading', { name: 'Comments', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: body });
  await expect(row.getByRole('link', { name: POST.title })).toHaveAttribute('href', POST.path);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByRole('status')).toHaveText('The comment is published.');
  await expect(row).toHaveCount(0);

  for (const reader of [visitor, strangerPage]) {
    const shown = await openComments(reader);
    await expect(shown.getByText(body)).toBeVisible();
    await expect(shown.getByText('Awaiting approval')).toHaveCount(0);
  }
  await visitorContext.close();
  await stranger.close();
});

test('a commenter (role 7) sees the queue without moderation buttons, and replies to a published comment', async ({
  page,
}) => {
  const waiting = `Is the mug dishwasher safe? ${randomUUID().slice(0, 8)}`;
  const published = `Thanks for the firing notes ${randomUUID().slice(0, 8)}`;
  for (const [body, state] of [
    [waiting, 'pending'],
    [published, 'approved'],
  ] as const) {
    const added = await addComment(server.db, {
      itemId: POST.id,
      parentId: null,
      authorName: 'Ada Reader',
      authorEmail: null,
      accountId: null,
      staffId: null,
      visitor: 'e2e-visitor',
      body,
      state,
    });
    expect(added.ok).toBe(true);
  }

  await signInAsStaff(page, 'commenter');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Comments' }).click();
  const row = page.getByRole('row').filter({ hasText: waiting });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Show').selectOption('approved');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const answered = page.getByRole('row').filter({ hasText: published });
  await expect(answered.getByRole('button', { name: /^(Approve|Mark as spam|Delete)/ })).toHaveCount(0);
  await answered.getByRole('button', { name: 'Reply to Ada Reader' }).click();
  await answered.getByLabel('Your reply').fill('Glad you enjoyed them.');
  await answered.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Your reply to Ada Reader is published.');

  const shown = await openComments(page);
  await expect(shown.getByText('Glad you enjoyed them.')).toBeVisible();
});
