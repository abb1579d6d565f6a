/**
 * A site document (`site_documents`: `navigation.json`, `website.json`…) as pages read it: parsed
 * once per version of its change key, on every instance. A save moves the key in its transaction
 * (`changes.touch(key)`), so the next request anywhere reads and parses it again; until then every
 * request shares the parsed value.
 */
import { KeptWhileUnchanged, type ChangeKey } from '../../platform/db/change-version.ts';
import { documentRow } from './documents-store.ts';

/** A reader of the document `name`, kept while `key` holds; `parse` gets its JSON text (undefined: none). */
export const siteDocument = <T>(name: string, key: ChangeKey, parse: (data: string | undefined) => T) =>
  new KeptWhileUnchanged([key], async (db) => parse((await documentRow(db, name))?.data));
