/** Small pieces shared by the platform helpers. */
import { escapeHtmlAttr, isObject } from '../json.ts';
import { type MessageCode, messageTemplate } from '../messages.ts';
import type { RenderContext } from './api.ts';

/**
 * A value as a variable tag emits it (spec/jsont.md section 3): strings as they are, numbers and
 * booleans via `String`, arrays joined with `,`, everything else empty.
 */
export const emit = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return v.map((x) => (x === null || x === undefined ? String(x) : emitInArray(x))).join(',');
  return '';
};

const emitInArray = (x: unknown): string => (isObject(x) ? '[object Object]' : emit(x));

/** `json` then attribute escaping: the reference's `{x|json|htmlattr}`. */
export const jsonAttr = (v: unknown): string => {
  const json = JSON.stringify(v) ?? '';
  return escapeHtmlAttr(json.includes('</') ? json.replace(/<\//g, '<\\/') : json);
};

/** Escapes for an attribute or text (`& < > "`). */
export const attr = (v: unknown): string => escapeHtmlAttr(emit(v));

/** `localizedStrings` of the render, as an object (or undefined). */
export const localizedStringsOf = (ctx: RenderContext): Record<string, unknown> | undefined => {
  const ls = ctx.lookup('localizedStrings');
  return isObject(ls) ? ls : undefined;
};

/** The catalogue text of `code`, overridden by the render's `localizedStrings` (uninterpolated). */
export const localized = (ctx: RenderContext, code: MessageCode): string =>
  messageTemplate(code, localizedStringsOf(ctx));

/** A field of `item`, else the same name looked up through the render scope (the reference's resolution). */
export const fieldOrScope = (item: unknown, key: string, ctx: RenderContext): unknown => {
  if (isObject(item) && item[key] !== undefined) return item[key];
  return ctx.lookup(key);
};

/** The render has no locale data (`none`, as the conformance cases say). */
export const noLocale = (ctx: RenderContext): boolean => !ctx.locale || ctx.locale === 'none';
