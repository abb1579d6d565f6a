/**
 * What the platform supplies to a template (template-format §2.1, §2.4): list and item templates of
 * the system collection types, and the system partials. A template's own file always wins: these
 * are used where it has none (declared in `systemCollections` or not: content may use a type the
 * template never mentions). Compiled once per renderer, apart from the site's own template.
 */
import type { TagBodies } from '../platform-tags.ts';
import type { Compile } from '../loader.ts';
import type { TemplateFile } from '../types.ts';
import { compileSystemTemplate } from './compile.ts';
import { SYSTEM_COLLECTIONS } from './collections.ts';
import { SYSTEM_PARTIALS } from './partials.ts';

export { UNKNOWN_TYPE_ITEM, UNKNOWN_TYPE_LIST } from './collections.ts';
export { localizedText } from './strings.ts';
export { escapedJson, SystemPageRegistry, type SystemPageRequest, type SystemPageSources } from './pages.ts';

export interface SystemTemplates<C> {
  /** typeName -> the platform's list and item. */
  collections: Readonly<Record<string, { list?: TemplateFile<C>; item?: TemplateFile<C> }>>;
  /** Partial name -> source, as the engine's `partials` option wants it. */
  partials: Readonly<Record<string, string>>;
}

export function systemTemplates<C>(compile: Compile<C>, bodies: TagBodies): SystemTemplates<C> {
  const collections: Record<string, { list?: TemplateFile<C>; item?: TemplateFile<C> }> = {};
  for (const [typeName, system] of Object.entries(SYSTEM_COLLECTIONS))
    collections[typeName] = {
      list: compileSystemTemplate(`collections/${typeName}.list`, system.list, compile, bodies),
      ...(system.item === undefined
        ? {}
        : { item: compileSystemTemplate(`collections/${typeName}.item`, system.item, compile, bodies) }),
    };
  const partials: Record<string, string> = {};
  for (const [name, source] of Object.entries(SYSTEM_PARTIALS))
    partials[name] = compileSystemTemplate(`blocks/${name}`, source, compile, bodies).source;
  return { collections, partials };
}
