/**
 * Reading loosely typed JSON (content files, template contexts) with the JSON-T conversion rules
 * (spec/jsont.md section 3), so that a rule gives the same answer in a helper and in the domain code.
 */

import { escapeHtml as escapeMarkup } from '@storefront/jsont/escape';
import { isObject } from '@storefront/jsont/values';

// The JSON-T conversions themselves are the engine's, so helpers and domain rules cannot drift from it.
export { asBoolean, asNumber, asString, isObject, isTruthy } from '@storefront/jsont/values';

export type JsonObject = Record<string, unknown>;

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

export const asArray = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/** Escapes `& < > "` for an HTML attribute or text. */
export const escapeHtmlAttr = (s: string): string => escapeMarkup(s, true);

/** Escapes `& < >` for HTML text. */
export const escapeHtml = (s: string): string => escapeMarkup(s, false);
