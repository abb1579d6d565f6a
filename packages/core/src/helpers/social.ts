/** Social formatters and predicates (spec/jsont.md sections 11.4, 12). */
import { asNumber, asString, escapeHtmlAttr, isObject, prop, isTruthy } from '../json.ts';
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
      ` data-title="${escapeHtmlAttr(asString(prop(item, 'title')))}"></${tag}>`
    );
  };

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
  return ctx.renderTemplate(T.COMMENTS, {
    disqus: isTruthy(ctx.lookup('websiteSettings.disqusShortname')),
    id: emit(prop(value, 'id')),
    attrs,
  });
};

const twitterFollowButton: FormatterImpl = (account) => {
  let userName = asString(prop(account, 'userName'));
  if (userName === '') userName = asString(prop(account, 'profileUrl')).split('/').pop() ?? '';
  return `<script>${T.FOLLOW_BUTTONS_SCRIPT}</script><div class="squarespace-follow-button" data-username="${userName}"></div>`;
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
