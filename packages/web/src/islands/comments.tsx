/**
 * The comments island (issue 16; docs/comments.md): the `comments` helper's server markup is the
 * item's approved thread, readable without JavaScript; this reads the thread again from
 * `GET /api/comments/:itemId` (the visitor's own pending comments marked "Awaiting approval"),
 * pages it, and posts comments and replies (name, optional email, text, the ALTCHA captcha).
 * The `like-button` helper's span becomes a toggle button (one like per visitor, counted by the
 * server). Loaded once a comments block or a like button comes near the viewport.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CommentView } from '@storefront/core/wire';
import { message, type LocalizedStrings } from '../core.ts';
import { writeHeaders } from '../cookies.ts';
import { Captcha, type CaptchaHandle } from '../forms/site-form.tsx';
import { COMMENTS_SELECTOR, LIKE_SELECTOR } from './markers.ts';
import './comments.css';

export const COMMENTS_PATH = '/api/comments';

interface ThreadAnswer {
  comments: CommentView[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
  likeCount: number;
  liked: boolean;
}

interface Deps {
  ls: LocalizedStrings | undefined;
  fetch: typeof fetch;
  cookies: () => string;
}

/** The server's refusal in the visitor's words (its message), else a generic one. */
async function refusal(response: Response, ls: LocalizedStrings | undefined): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: the generic text below
  }
  return message('comments.failed', {}, ls);
}

async function call<T>(deps: Deps, method: string, url: string, body?: unknown): Promise<T> {
  const response = await deps.fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : writeHeaders(deps.cookies())),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(await refusal(response, deps.ls));
  return (await response.json()) as T;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function Comment(props: {
  comment: CommentView;
  open: boolean;
  onReply: (comment: CommentView) => void;
  ls: LocalizedStrings | undefined;
}) {
  const { comment, open, onReply, ls } = props;
  return (
    <li className="sf-comment" id={`comment-${comment.id}`}>
      <p className="sf-comment__meta">
        <span className="sf-comment__author">{comment.authorName}</span>{' '}
        <time dateTime={day(comment.createdOn)}>{day(comment.createdOn)}</time>
        {comment.awaitingApproval ? (
          <>
            {' '}
            <span className="sf-comment__pending">{message('comments.awaiting-approval', {}, ls)}</span>
          </>
        ) : null}
      </p>
      <div className="sf-comment__body">
        {comment.body.split(/\n\s*\n/).map((paragraph, n) => (
          <p key={n}>{paragraph.trim()}</p>
        ))}
      </div>
      {open && !comment.awaitingApproval ? (
        <button
          type="button"
          className="sf-comment__reply"
          aria-label={message('comments.reply-to', { name: comment.authorName }, ls)}
          onClick={() => onReply(comment)}
        >
          {message('comments.reply', {}, ls)}
        </button>
      ) : null}
      {comment.replies.length > 0 ? (
        <ol className="sf-comments__replies">
          {comment.replies.map((reply) => (
            <Comment key={reply.id} comment={reply} open={open} onReply={onReply} ls={ls} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** `comment` put under its parent (or at the end of the thread). */
function withComment(thread: CommentView[], comment: CommentView): CommentView[] {
  if (comment.parentId === null) return [...thread, comment];
  return thread.map((c) =>
    c.id === comment.parentId
      ? { ...c, replies: [...c.replies, comment] }
      : { ...c, replies: withComment(c.replies, comment) },
  );
}

export function Comments(props: { itemId: string; open: boolean; deps: Deps; onLoaded: () => void }) {
  const { itemId, open, deps, onLoaded } = props;
  const { ls } = deps;
  const [thread, setThread] = useState<CommentView[] | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useRef<CaptchaHandle | undefined>(undefined);
  const nameField = useRef<HTMLInputElement>(null);
  const onCaptcha = useCallback((handle: CaptchaHandle) => {
    captcha.current = handle;
  }, []);

  const load = useCallback(
    async (after: string | null) => {
      const query = after ? `?cursor=${encodeURIComponent(after)}` : '';
      const answer = await call<ThreadAnswer>(
        deps,
        'GET',
        `${COMMENTS_PATH}/${encodeURIComponent(itemId)}${query}`,
      );
      setThread((shown) => [...(after ? (shown ?? []) : []), ...answer.comments]);
      setCursor(answer.hasNextPage ? answer.nextPageCursor : null);
    },
    [deps, itemId],
  );

  const loaded = useRef(onLoaded);
  useEffect(() => {
    load(null).then(
      () => loaded.current(),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [load]);

  const reply = (comment: CommentView) => {
    setReplyTo(comment);
    nameField.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const answer = await call<{ comment: CommentView; awaitingApproval: boolean }>(
        deps,
        'POST',
        `${COMMENTS_PATH}/${encodeURIComponent(itemId)}`,
        {
          authorName: String(data.get('authorName') ?? ''),
          authorEmail: String(data.get('authorEmail') ?? '') || null,
          body: String(data.get('body') ?? ''),
          parentId: replyTo?.id ?? null,
          captchaToken: captcha.current?.payload ?? null,
        },
      );
      setThread((shown) => withComment(shown ?? [], answer.comment));
      setStatus(message(answer.awaitingApproval ? 'comments.posted-pending' : 'comments.posted', {}, ls));
      setReplyTo(null);
      form.reset();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      captcha.current?.reset();
      setBusy(false);
    }
  };

  const formId = `sf-comment-form-${itemId}`;
  return (
    <div className="sf-comments">
      {thread && thread.length > 0 ? (
        <ol className="sf-comments__list">
          {thread.map((comment) => (
            <Comment key={comment.id} comment={comment} open={open} onReply={reply} ls={ls} />
          ))}
        </ol>
      ) : null}
      {cursor ? (
        <button type="button" className="sf-comments__more" onClick={() => void load(cursor)}>
          {message('comments.load-more', {}, ls)}
        </button>
      ) : null}
      {open ? (
        <form
          className="sf-comments__form"
          aria-labelledby={`${formId}-title`}
          onSubmit={(e) => void submit(e)}
        >
          <p className="sf-comments__form-title" id={`${formId}-title`}>
            {replyTo
              ? message('comments.reply-to', { name: replyTo.authorName }, ls)
              : message('comments.heading', {}, ls)}
          </p>
          {replyTo ? (
            <button type="button" className="sf-comments__cancel" onClick={() => setReplyTo(null)}>
              {message('comments.cancel-reply', {}, ls)}
            </button>
          ) : null}
          <label htmlFor={`${formId}-name`}>{message('comments.name-label', {}, ls)}</label>
          <input
            id={`${formId}-name`}
            ref={nameField}
            name="authorName"
            required
            maxLength={80}
            autoComplete="name"
          />
          <label htmlFor={`${formId}-email`}>{message('comments.email-label', {}, ls)}</label>
          <input id={`${formId}-email`} name="authorEmail" type="email" autoComplete="email" />
          <label htmlFor={`${formId}-body`}>{message('comments.body-label', {}, ls)}</label>
          <textarea id={`${formId}-body`} name="body" required maxLength={4000} rows={4} />
          <Captcha onReady={onCaptcha} />
          <button type="submit" className="sf-comments__submit" disabled={busy}>
            {message('comments.submit', {}, ls)}
          </button>
        </form>
      ) : null}
      <p className="sf-comments__status" role="status">
        {status}
      </p>
      {error ? (
        <p className="sf-comments__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function LikeButton(props: { itemId: string; count: number; deps: Deps }) {
  const { itemId, deps } = props;
  const [count, setCount] = useState(props.count);
  const [liked, setLiked] = useState(false);
  const [busy, setBusy] = useState(false);
  // A click's answer is newer than the first read's, however late that one arrives.
  const clicked = useRef(false);
  useEffect(() => {
    call<{ liked: boolean; likeCount: number }>(
      deps,
      'GET',
      `${COMMENTS_PATH}/${encodeURIComponent(itemId)}/like`,
    ).then(
      (answer) => {
        if (clicked.current) return;
        setLiked(answer.liked);
        setCount(answer.likeCount);
      },
      () => undefined,
    );
  }, [deps, itemId]);
  const toggle = async () => {
    clicked.current = true;
    setBusy(true);
    try {
      const answer = await call<{ liked: boolean; likeCount: number }>(
        deps,
        liked ? 'DELETE' : 'PUT',
        `${COMMENTS_PATH}/${encodeURIComponent(itemId)}/like`,
      );
      setLiked(answer.liked);
      setCount(answer.likeCount);
    } catch (e) {
      console.warn('storefront: the like was not saved', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="sf-like"
      aria-pressed={liked}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span className="like-icon" aria-hidden="true" />
      <span className="sf-like__label">{message('likes.like', {}, deps.ls)}</span>{' '}
      <span className="like-count">{count}</span>
    </button>
  );
}

export function mountComments(
  doc: Document,
  ls: LocalizedStrings | undefined,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): void {
  const deps: Deps = { ls, fetch: fetchImpl, cookies: () => doc.cookie };
  for (const container of doc.querySelectorAll<HTMLElement>(COMMENTS_SELECTOR)) {
    if (container.dataset.commentsReady) continue;
    container.dataset.commentsReady = 'true';
    const itemId = container.dataset.itemId as string;
    const host = doc.createElement('div');
    host.className = 'sf-comments__island';
    container.appendChild(host);
    // The server's thread stays until the island has read it again (no empty flash, no shift).
    const serverThread = container.querySelector(':scope > .sf-comments__list');
    createRoot(host).render(
      <Comments
        itemId={itemId}
        open={container.dataset.commentState === '1'}
        deps={deps}
        onLoaded={() => serverThread?.remove()}
      />,
    );
  }
  for (const span of doc.querySelectorAll<HTMLElement>(LIKE_SELECTOR)) {
    if (span.dataset.likeReady) continue;
    span.dataset.likeReady = 'true';
    const itemId = span.dataset.itemId as string;
    const count = Number(span.dataset.likeCount ?? 0) || 0;
    createRoot(span).render(<LikeButton itemId={itemId} count={count} deps={deps} />);
  }
}
