/** Social formatters and predicates (spec/jsont.md sections 11.4, 12). */
import {
  asArray,
  asNumber,
  asString,
  escapeHtml,
  escapeHtmlAttr,
  isObject,
  prop,
  isTruthy,
} from '../json.ts';
import { message } from '../messages.ts';
import { commentCountText, commentsShown } from '../content.ts';
import type { FormatterImpl, PredicateImpl, RenderContext } from './api.ts';
import * as T from './templates.ts';
import { emit, fieldOrScope, localizedStringsOf } from './util.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `%Y%m%dT%H%M%SZ` in UTC. */
const calendarDate = (ms: number): string => {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}` +
    `T${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}Z`
  );
};

/** JavaScript's legacy `escape()` (letters, digits and `@*_+-./` kept), as the reference uses for the title. */
const legacyEscape = (s: string): string =>
  s.replace(/[^A-Za-z0-9@*_+\-./]/g, (ch) => {
    const c = ch.charCodeAt(0);
    return c < 256
      ? `%${c.toString(16).toUpperCase().padStart(2, '0')}`
      : `%u${c.toString(16).toUpperCase().padStart(4, '0')}`;
  });

const googleCalendarUrl: FormatterImpl = (event) => {
  const title = legacyEscape(asString(prop(event, 'title')));
  let url =
    `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}` +
    `&dates=${calendarDate(asNumber(prop(event, 'startDate')))}/${calendarDate(asNumber(prop(event, 'endDate')))}`;
  const location = prop(event, 'location');
  if (location !== undefined) {
    const text = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((k) => asString(prop(location, k)).trim())
      .filter((s) => s.length > 0)
      .join(', ');
    if (text !== '') url += `&location=${encodeURIComponent(text)}`;
  }
  return url;
};

const socialButton =
  (inline: boolean): FormatterImpl =>
  (item, _args, ctx) => {
    const website = ctx.lookup('website');
    const options = prop(website, 'shareButtonOptions');
    const size = Array.isArray(options)
      ? options.length
      : isObject(options)
        ? Object.keys(options).length
        : 0;
    if (website === undefined || size === 0) return '';
    const imageId = asString(prop(item, 'systemDataId') ?? prop(item, 'mainImageId'));
    const assetUrl = prop(item, 'assetUrl') ?? prop(prop(item, 'mainImage'), 'assetUrl');
    const tag = inline ? 'span' : 'div';
    return (
      `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
      ` data-system-data-id="${imageId}" data-asset-url="${asString(assetUrl)}"` +
      ` data-record-type="${asString(prop(item, 'recordType'))}" data-full-url="${asString(prop(item, 'fullUrl'))}"` +
      ` data-title="${escapeHtmlAttr(asString(prop(item, 'title')))}">${shareLinks(item, options, ctx)}</${tag}>`
    );
  };

/**
 * Where each share service takes the page: plain links, no third-party script. A service is named
 * in `shareButtonOptions` by name or by number (an array of them, or an object whose true keys
 * they are); unknown ones are skipped.
 */
const SHARE_SERVICES: Readonly<
  Record<string, { name: string; url: (page: string, title: string) => string }>
> = {
  facebook: { name: 'Facebook', url: (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  twitter: { name: 'X', url: (u, t) => `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
  linkedin: { name: 'LinkedIn', url: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  pinterest: {
    name: 'Pinterest',
    url: (u, t) => `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}`,
  },
  reddit: { name: 'Reddit', url: (u, t) => `https://www.reddit.com/submit?url=${u}&title=${t}` },
  tumblr: {
    name: 'Tumblr',
    url: (u, t) => `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${t}`,
  },
  email: { name: 'Email', url: (u, t) => `mailto:?subject=${t}&body=${u}` },
};
/** The numbers the reference's settings use for the services above (docs/comments.md). */
const SHARE_SERVICE_NUMBERS: Readonly<Record<string, string>> = {
  '1': 'facebook',
  '2': 'twitter',
  '3': 'linkedin',
  '5': 'reddit',
  '6': 'pinterest',
  '7': 'tumblr',
  '8': 'email',
};

function shareLinks(item: unknown, options: unknown, ctx: RenderContext): string {
  const named = Array.isArray(options)
    ? options.map((o) => asString(o))
    : isObject(options)
      ? Object.keys(options).filter((k) => isTruthy(options[k]))
      : [];
  const services = [...new Set(named.map((n) => SHARE_SERVICE_NUMBERS[n] ?? n.toLowerCase()))].filter((n) =>
    Object.hasOwn(SHARE_SERVICES, n),
  );
  if (services.length === 0) return '';
  const fullUrl = asString(prop(item, 'fullUrl'));
  const base = asString(ctx.lookup('website.baseUrl'));
  const page = encodeURIComponent(/^https?:/.test(fullUrl) ? fullUrl : `${base}${fullUrl}`);
  const title = encodeURIComponent(asString(prop(item, 'title')));
  const ls = localizedStringsOf(ctx);
  return services
    .map((key) => {
      const service = SHARE_SERVICES[key] as (typeof SHARE_SERVICES)[string];
      const label = message('share.link', { network: service.name }, ls);
      return (
        `<a class="sf-share sf-share--${key}" href="${escapeHtmlAttr(service.url(page, title))}"` +
        ` target="_blank" rel="noopener noreferrer">${escapeHtml(label)}</a>`
      );
    })
    .join('');
}

/**
 * An item's first page of comments as the load step put it on the item (`commentThread`: the
 * server's CommentView tree): readable without JavaScript. Body text is plain, escaped here.
 */
function commentThread(thread: unknown, ctx: RenderContext): string {
  const comments = asArray(prop(thread, 'comments'));
  const ls = localizedStringsOf(ctx);
  const one = (comment: unknown): string => {
    const created = asNumber(prop(comment, 'createdOn'));
    const day = Number.isFinite(created) ? new Date(created).toISOString().slice(0, 10) : '';
    const paragraphs = asString(prop(comment, 'body'))
      .split(/\n\s*\n/)
      .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
      .join('');
    const replies = asArray(prop(comment, 'replies'));
    const pending = isTruthy(prop(comment, 'awaitingApproval'))
      ? ` <span class="sf-comment__pending">${escapeHtml(message('comments.awaiting-approval', {}, ls))}</span>`
      : '';
    return (
      `<li class="sf-comment" id="comment-${escapeHtmlAttr(asString(prop(comment, 'id')))}">` +
      `<p class="sf-comment__meta"><span class="sf-comment__author">${escapeHtml(asString(prop(comment, 'authorName')))}</span>` +
      ` <time datetime="${day}">${day}</time>${pending}</p>` +
      `<div class="sf-comment__body">${paragraphs}</div>` +
      (replies.length > 0 ? `<ol class="sf-comments__replies">${replies.map(one).join('')}</ol>` : '') +
      `</li>`
    );
  };
  return comments.length > 0 ? `<ol class="sf-comments__list">${comments.map(one).join('')}</ol>` : '';
}

const commentLink: FormatterImpl = (item, _args, ctx) => {
  const raw = prop(item, 'publicCommentCount') ?? ctx.lookup('publicCommentCount');
  const count = asNumber(raw);
  // The count text of the product spec (`No Comment`, `1 Comment`, `N Comments`) over two lines.
  const zero = raw === 0;
  return ctx.renderTemplate(T.COMMENT_LINK, {
    disqus: isTruthy(ctx.lookup('websiteSettings.disqusShortname')),
    fullUrl: emit(prop(item, 'fullUrl')),
    id: emit(prop(item, 'id')),
    countLine: zero ? 'No' : emit(raw),
    commentWord: zero || count === 1 ? 'Comment' : 'Comments',
  });
};

const comments: FormatterImpl = (value, _args, ctx) => {
  // Like the reference template, `item` and `collection` are found through the scope when absent.
  const item = fieldOrScope(value, 'item', ctx);
  const collection = fieldOrScope(value, 'collection', ctx);
  const data = (source: unknown, idAttr: string) =>
    ` ${idAttr}="${emit(prop(source, 'id'))}" data-public-comment-count="${emit(prop(source, 'publicCommentCount'))}"` +
    ` data-comment-state="${emit(prop(source, 'commentState'))}"`;
  const attrs = isTruthy(item)
    ? data(item, 'data-item-id')
    : isTruthy(collection)
      ? data(collection, 'data-collection-id')
      : '';
  const thread = prop(item, 'commentThread');
  return ctx.renderTemplate(T.COMMENTS, {
    disqus: isTruthy(ctx.lookup('websiteSettings.disqusShortname')),
    id: emit(prop(value, 'id')),
    attrs,
    thread: thread === undefined ? '' : commentThread(thread, ctx),
  });
};

const twitterFollowButton: FormatterImpl = (account, _args, ctx) => {
  let userName = asString(prop(account, 'userName'));
  if (userName === '') userName = asString(prop(account, 'profileUrl')).split('/').pop() ?? '';
  const name = escapeHtmlAttr(userName);
  // A plain link to the profile: it works without a script (the reference's Y.use needed YUI).
  return (
    `<div class="squarespace-follow-button" data-username="${name}">` +
    `<a href="https://twitter.com/${escapeHtmlAttr(encodeURIComponent(userName))}" rel="noopener">` +
    `${escapeHtml(message('system.follow', { name: userName }, localizedStringsOf(ctx)))}</a></div>`
  );
};

const activateTwitterLinks: FormatterImpl = (value) =>
  asString(value)
    .replace(
      /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#\\/%=~_|])/gi,
      '<a target="new" href="$1">$1</a>',
    )
    .replace(/(^| )@([a-z0-9_]+)/gi, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      /(^| )#([a-z0-9_]+)/gi,
      (_m, prefix: string, tag: string) =>
        `${prefix}<a target="new" href="https://twitter.com/hashtag/${legacyEscape(tag)}?src=hash">#${tag}</a>`,
    );

const commentCount = (item: unknown, ctx: RenderContext) =>
  commentCountText(asNumber(prop(item, 'publicCommentCount')), localizedStringsOf(ctx));

export const SOCIAL_FORMATTERS: Readonly<Record<string, FormatterImpl>> = {
  'activate-twitter-links': activateTwitterLinks,
  'comment-count': (item, _args, ctx) => commentCount(item, ctx),
  'comment-link': commentLink,
  comments,
  'google-calendar-url': googleCalendarUrl,
  'like-button': (item, _args, ctx) =>
    ctx.renderTemplate(T.LIKE_BUTTON, {
      show: isTruthy(item) && isTruthy(ctx.lookup('websiteSettings.simpleLikingEnabled')),
      id: emit(prop(item, 'id')),
      likeCount: emit(prop(item, 'likeCount')),
    }),
  'social-button': socialButton(false),
  'social-button-inline': socialButton(true),
  'twitter-follow-button': twitterFollowButton,
};

export const SOCIAL_PREDICATES: Readonly<Record<string, PredicateImpl>> = {
  'comments?': (_args, ctx) => commentsShown(ctx.node, ctx.lookup('websiteSettings')),
  'disqus?': (_args, ctx) => isTruthy(ctx.lookup('websiteSettings.disqusShortName')),
};
