/**
 * The platform's own pages (search, checkout, account, reviews, owner…) as JSON-T system page
 * templates (docs/templates.md "The platform's pages"). Modules own their sources and register
 * them here when their routes are registered, so the platform imports no module; a site's template
 * overrides one by shipping `pages/<name>.page`, which storefront/pages.ts prefers.
 *
 * A page's context is built by its module with every string already HTML-escaped (escapedJson),
 * catalogue texts included, so a template prints `{x}` as it is and escapes nothing again.
 */
import { escapeHtml } from '../../http/html.ts';
import type { Compile } from '../loader.ts';
import type { TagBodies } from '../platform-tags.ts';
import type { Json, TemplateFile } from '../types.ts';
import { compileSystemTemplate } from './compile.ts';

/** Page name (the site's override is `pages/<name>.page`) -> its JSON-T source. */
export type SystemPageSources = Readonly<Record<string, string>>;

/** A platform page to render: the template named `name` with `context` added to the page's. */
export interface SystemPageRequest {
  name: string;
  context: Json;
}

export class SystemPageRegistry<C> {
  private readonly pages = new Map<string, TemplateFile<C>>();

  constructor(
    private readonly compile: Compile<C>,
    private readonly bodies: TagBodies,
  ) {}

  /**
   * Compiles each page now, at start: a source that does not compile throws with its file name
   * (`(system) pages/<name>.page:<line>`), so the server never starts with a broken page.
   */
  register(sources: SystemPageSources): void {
    for (const [name, source] of Object.entries(sources)) {
      if (this.pages.has(name)) throw new Error(`(system) pages/${name}.page is registered twice`);
      this.pages.set(name, compileSystemTemplate(`pages/${name}.page`, source, this.compile, this.bodies));
    }
  }

  page(name: string): TemplateFile<C> | undefined {
    return this.pages.get(name);
  }

  names(): string[] {
    return [...this.pages.keys()];
  }
}

/**
 * Every string in the value HTML-escaped (numbers, booleans and null as they are): the one way a
 * platform page's context is escaped. Keys ending in `Html` are markup the module built from escaped
 * parts (a search hit's `<mark>`ed title) and pass as they are.
 */
export function escapedJson(value: unknown): unknown {
  if (typeof value === 'string') return escapeHtml(value);
  if (Array.isArray(value)) return value.map(escapedJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k.endsWith('Html') && typeof v === 'string' ? v : escapedJson(v),
      ]),
    );
  return value;
}
