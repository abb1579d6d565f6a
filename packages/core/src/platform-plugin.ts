/**
 * The platform's template helpers as one jsont plugin: commerce, content and social formatters and
 * predicates (spec/jsont.md sections 7, 11, 12, 15, 16).
 */
import type { Plugin } from './helpers/api.ts';
import { COMMERCE_FORMATTERS, COMMERCE_PREDICATES } from './helpers/commerce.ts';
import { CONTENT_FORMATTERS, CONTENT_PREDICATES } from './helpers/content.ts';
import { SOCIAL_FORMATTERS, SOCIAL_PREDICATES } from './helpers/social.ts';

export const platformPlugin: Plugin = {
  formatters: { ...CONTENT_FORMATTERS, ...SOCIAL_FORMATTERS, ...COMMERCE_FORMATTERS },
  predicates: { ...CONTENT_PREDICATES, ...SOCIAL_PREDICATES, ...COMMERCE_PREDICATES },
};
