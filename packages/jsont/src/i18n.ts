import type { FormatterImpl, PredicateImpl } from './plugin-api.ts';

export const I18N_FORMATTERS: Record<string, FormatterImpl> = {};
export const I18N_PREDICATES: Record<string, PredicateImpl> = {
  'units-metric?': (_args, ctx) => {
    ctx.error('not-implemented', '"units-metric?" formatter is not yet implemented');
    return false;
  },
};
