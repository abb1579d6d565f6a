import { platformPlugin } from '@storefront/core';
import { type RenderOptions, createEngine } from '@storefront/jsont';
import type { CompileProblem } from '../platform/site/loader.ts';

export type { RenderOptions } from '@storefront/jsont';

/** What the server uses of the JSON-T engine (docs/interfaces.md, "jsont: engine API"). */
export interface Compiled {
  readonly errors: readonly CompileProblem[];
}
export interface TemplateEngine {
  compile(source: string): Compiled;
  render(
    template: Compiled | string,
    json: unknown,
    options?: RenderOptions,
  ): { output: string; errors: readonly CompileProblem[] };
}

/** The engine with core's platform helpers; every template of a site stays compiled in its cache. */
export function createTemplateEngine(): TemplateEngine {
  return createEngine({
    plugins: [platformPlugin],
    cacheSize: 1000,
    enableExpressions: true,
    enableInclude: true,
  });
}
