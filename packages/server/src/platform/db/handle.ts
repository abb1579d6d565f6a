import type { Kysely, Transaction } from 'kysely';

/**
 * A store's handle on its own tables: the database or a transaction. Both are named because the
 * platform's `Trx` (`Transaction<any>`) narrows to `Transaction<Tables>` but not to `Kysely<Tables>`.
 */
export type DbOf<Tables> = Kysely<Tables> | Transaction<Tables>;
