import type { ColumnType } from 'kysely';

/** The sequence change keys take their versions from: its one row, `latest` (change-version.ts). */
export interface ChangeVersionsTable {
  name: 'latest';
  version: ColumnType<number | string, number, number>;
}

/** Each change key's version: the sequence's number when a write last moved it (change-version.ts). */
export interface ChangeKeysTable {
  key: string;
  version: ColumnType<number | string, number, number>;
}

export interface ChangeTables {
  change_versions: ChangeVersionsTable;
  change_keys: ChangeKeysTable;
}
