import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * Digital products' files (issue 30; tables.ts `digital_files`, `digital_file_chunks`). Private:
 * never at a `/media` address, never in the media library. The bytes are kept in chunks of about a
 * megabyte so that an upload is written and a download read without holding the whole file.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('digital_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('sha256', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uploaded_on', 'bigint', (c) => c.notNull())
      .addColumn('uploaded_by', 'text')
      .execute();
    await db.schema
      .createIndex('digital_files_unfinished_idx')
      .on('digital_files')
      .columns(['complete', 'uploaded_on'])
      .execute();
    await db.schema
      .createTable('digital_file_chunks')
      .addColumn('file_id', 'text', (c) => c.notNull().references('digital_files.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('digital_file_chunks_pk', ['file_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('digital_file_chunks').ifExists().execute();
    await db.schema.dropTable('digital_files').ifExists().execute();
  },
};
