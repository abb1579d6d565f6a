/**
 * @storefront/core: the platform's isomorphic domain (Node and browser) and its template helpers.
 * See packages/core/README.md.
 */
export * from './result.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './product.ts';
export * from './cart.ts';
export * from './page-context.ts';
export {
  asArray,
  asBoolean,
  asNumber,
  asString,
  escapeHtml,
  escapeHtmlAttr,
  isObject,
  path as jsonPath,
  truthy,
} from './json.ts';
export * from './content.ts';
export * from './rules.ts';
export { platformPlugin } from './platform-plugin.ts';
export { moneyString } from './helpers/commerce.ts';
