// @vitest-environment storefront-browser
/**
 * The comments island (islands/comments.tsx) on a post's markup, talking HTTP to the real server
 * (test-support/store-server.ts) with comments and likes on: posting, replying, and the like
 * button's state, each read back from the server by a fresh mount (as a reload would).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startStoreServer } from '../../../../test-support/store-server.ts';
import { eventually, renderPending } from '../testing/dom.ts';
import { useStorePage } from '../testing/store-page.ts';
import { mountComments } from './comments.tsx';

const POST = 'post-1';

const page = useStorePage('/journal/first-post', () =>
  startStoreServer([], {
    websiteSettings: { commentsEnabled: true, simpleLikingEnabled: true, commentsRequireApproval: false },
    commentsOpen: true,
    config: { forms: { captchaCost: 1, captchaMaxCounter: 50 } },
  }),
);

/** The post's markup as the `comments` and `like-button` helpers print it, then the island on it. */
function openPost() {
  document.body.innerHTML =
    `<span class="sqs-simple-like" data-item-id="${POST}" data-like-count="0"></span>` +
    `<div class="squarespace-comments" data-item-id="${POST}" data-comment-state="1"></div>`;
  mountComments(document, undefined);
}

const form = () => document.querySelector<HTMLFormElement>('.sf-comments__form');
const likeButton = () => document.querySelector<HTMLButtonElement>('.sf-like');
const shownComments = () =>
  [...document.querySelectorAll<HTMLElement>('.sf-comments__island .sf-comment')].map((li) => ({
    author: li.querySelector('.sf-comment__author')?.textContent,
    body: li.querySelector(':scope > .sf-comment__body')?.textContent,
    nestedIn: li.parentElement?.closest<HTMLElement>('.sf-comment')?.id ?? null,
  }));

/** Types into the form and sends it with a solved captcha, as the widget would hand it over. */
async function send(name: string, body: string) {
  const widget = await eventually(() => expect(form()?.querySelector('altcha-widget')).not.toBeNull()).then(
    () => form()!.querySelector('altcha-widget')!,
  );
  const payload = await page.server.solvedCaptcha();
  // What the widget does once it has solved the challenge: its checkbox ticked, the event sent.
  widget.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  form()!.querySelector<HTMLInputElement>('[name="authorName"]')!.value = name;
  form()!.querySelector<HTMLTextAreaElement>('[name="body"]')!.value = body;
  form()!.requestSubmit();
}

describe('comments island', () => {
  // A fixed "now" for the server and the page alike (they share this process): the dates shown are known.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('posts a comment and a reply nested under it, both read back from the server', async () => {
    openPost();
    await eventually(() => expect(form()).not.toBeNull());
    expect(shownComments()).toEqual([]);

    await send('Ada', 'Lovely glaze.');
    await eventually(() => expect(shownComments()).toHaveLength(1));
    expect(shownComments()[0]).toMatchObject({ author: 'Ada', body: 'Lovely glaze.', nestedIn: null });
    expect(document.querySelector('.sf-comments__island time')?.getAttribute('datetime')).toBe('2026-03-01');
    expect(document.querySelector('.sf-comments__status')?.textContent).not.toBe('');
    expect(form()!.querySelector<HTMLTextAreaElement>('[name="body"]')!.value).toBe('');

    const replyButton = document.querySelector<HTMLButtonElement>('.sf-comment__reply')!;
    expect(replyButton.getAttribute('aria-label')).toContain('Ada');
    replyButton.click();
    await eventually(() => expect(form()!.textContent).toContain('Ada'));
    await send('Ben', 'Which clay body?');
    await eventually(() => expect(shownComments()).toHaveLength(2));
    const parentId = document.querySelector('.sf-comments__island .sf-comment')!.id;
    expect(shownComments()[1]).toMatchObject({ author: 'Ben', body: 'Which clay body?', nestedIn: parentId });
    expect(document.querySelector('.sf-comments__error')).toBeNull();

    // A reload: the thread comes from the server, the reply still under its comment.
    openPost();
    await eventually(() => expect(shownComments()).toHaveLength(2));
    expect(shownComments()).toEqual([
      { author: 'Ada', body: 'Lovely glaze.', nestedIn: null },
      { author: 'Ben', body: 'Which clay body?', nestedIn: parentId },
    ]);
  });

  test('the like button toggles, and a reload shows the visitor their own like', async () => {
    openPost();
    await eventually(() => expect(likeButton()).not.toBeNull());
    const count = () => likeButton()!.querySelector('.like-count')?.textContent;
    expect(likeButton()!.getAttribute('aria-pressed')).toBe('false');
    expect(count()).toBe('0');

    likeButton()!.click();
    await eventually(() => expect(likeButton()!.getAttribute('aria-pressed')).toBe('true'));
    expect(count()).toBe('1');

    openPost();
    await eventually(() => expect(likeButton()!.getAttribute('aria-pressed')).toBe('true'));
    expect(count()).toBe('1');

    likeButton()!.click();
    await eventually(() => expect(likeButton()!.getAttribute('aria-pressed')).toBe('false'));
    expect(count()).toBe('0');
    const writes = page.server.requests.filter(
      (r) => r.path === `/api/comments/${POST}/like` && r.method !== 'GET',
    );
    expect(writes.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
  });

  test('a like clicked before the first read has answered is not undone by that late answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The server answers the first read at once (not liked); the answer reaches the island late.
    const slowFirstRead: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? 'GET') === 'GET' && String(input).endsWith('/like')) await held;
      return response;
    };
    document.body.innerHTML = `<span class="sqs-simple-like" data-item-id="${POST}" data-like-count="0"></span>`;
    mountComments(document, undefined, slowFirstRead);
    await eventually(() => expect(likeButton()).not.toBeNull());
    likeButton()!.click();
    await eventually(() => expect(likeButton()!.getAttribute('aria-pressed')).toBe('true'));
    release();
    await renderPending(50);
    expect(likeButton()!.getAttribute('aria-pressed')).toBe('true');
    expect(likeButton()!.querySelector('.like-count')?.textContent).toBe('1');
  });
});
