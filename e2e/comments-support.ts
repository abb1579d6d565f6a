/**
 * Comments in the browser, for every spec that needs a visitor's comment (comments.spec.ts, the
 * back office's moderation): the demo post that takes comments, and posting one as a visitor
 * through the comments island (name, text, the ALTCHA captcha).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const COMMENT_POST = {
  id: 'e2e3e93c17d56f25fd8e8174',
  path: '/journal/notes-from-the-winter-firing',
  title: 'Notes from the winter firing',
};

export const AWAITING_TEXT = 'Thank you. Your comment will appear once a moderator approves it.';

/** The post's comments block once the island has drawn it (it loads near the viewport). */
export async function openComments(page: Page, path = COMMENT_POST.path): Promise<Locator> {
  await page.goto(path);
  const comments = page.locator('.sf-comments');
  await page.locator('.post__comments').scrollIntoViewIfNeeded();
  await expect(comments.getByRole('button', { name: 'Post Comment' })).toBeVisible();
  return comments;
}

/** Solves the form's captcha (ALTCHA: a click, then the browser's proof of work). */
export async function solveCommentCaptcha(comments: Locator): Promise<void> {
  const widget = comments.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click({ force: true });
  await expect(widget.locator('[data-state="verified"]').first()).toBeAttached({ timeout: 20_000 });
}

/**
 * Posts a comment (or, with `replyTo`, a reply to the comment by that author) as a visitor on the
 * open comments block, and waits for the island's thanks.
 */
export async function postComment(
  comments: Locator,
  input: { name: string; body: string; email?: string; replyTo?: string },
): Promise<void> {
  if (input.replyTo)
    await comments
      .getByRole('button', { name: `Reply to ${input.replyTo}`, exact: true })
      .first()
      .click();
  await comments.getByLabel('Name', { exact: true }).fill(input.name);
  if (input.email) await comments.getByLabel('Email (optional, never shown)').fill(input.email);
  await comments.getByLabel('Comment', { exact: true }).fill(input.body);
  await solveCommentCaptcha(comments);
  await comments.getByRole('button', { name: 'Post Comment' }).click();
  await expect(comments.getByRole('status')).toContainText('Thank you.');
}
