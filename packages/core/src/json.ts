/**
 * Reading loosely typed JSON (content files, template contexts) with the JSON-T conversion rules
 * (spec/jsont.md section 3), so that a rule gives the same answer in a helper and in the domain code.
 */

import { escapeHtml as escapeMarkup } from '@storefront/jsont/escape';

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Property of an object, `undefined` for anything else. */
export const prop = (v: unknown, key: string): unknown => (isObject(v) ? v[key] : undefined);

/** Walks a path of keys. */
export const path = (v: unknown, ...keys: string[]): unknown => {
  let cur = v;
  for (const k of keys) {
    if (Array.isArray(cur)) {
      const i = Number(k);
      cur = Number.isInteger(i) ? cur[i] : undefined;
    } else {
      cur = prop(cur, k);
    }
    if (cur === undefined) return undefined;
  }
  return cur;
};

/** JSON-T truthiness: empty string, 0, NaN, false, null, missing, {} and [] are false. */
export const truthy = (v: unknown): boolean => {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return false;
};

/** JSON-T "as number": strings parse (`parseFloat` with a dot, else `parseInt`), booleans 1/0, others 0. */
export const asNumber = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return v.includes('.') ? parseFloat(v) : parseInt(v, 10);
  return 0;
};

/** JSON-T "as string": objects, arrays, null and missing give "". */
export const asString = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
};

/** JSON-T "as boolean" (Jackson rule): the string "true", non-zero integers, `true`. */
export const asBoolean = (v: unknown): boolean => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v === 'true';
  if (typeof v === 'number') return Number.isInteger(v) && v !== 0;
  return false;
};

export const asArray = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/** Escapes `& < > "` for an HTML attribute or text. */
export const escapeHtmlAttr = (s: string): string => escapeMarkup(s, true);

/** Escapes `& < >` for HTML text. */
export const escapeHtml = (s: string): string => escapeMarkup(s, false);
