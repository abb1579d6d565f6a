/**
 * The jsont plugin contract, as types only. Core depends on `@storefront/jsont` for these and for
 * nothing else.
 */
export type { FormatterImpl, Plugin, PredicateImpl, RenderContext } from '@storefront/jsont';
