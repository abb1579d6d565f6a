import type { Kysely, Migration } from 'kysely';

/**
 * Comments and likes on content items (issue 16). `comments.item_id` is a content item's id (items
 * live in the site's content files, so no foreign key); `root_id` is the top-level comment a reply
 * belongs to (its own id for a top-level one), so a page of threads is one query however deep the
 * replies go. `visitor` is the poster's visitor key (a digest, never the cookie itself): it lets
 * them see their own pending comment. `item_likes` holds one row per visitor per item (the primary
 * key makes a second like change nothing). Released: frozen. Portable types only.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('root_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_email', 'text')
      .addColumn('account_id', 'text')
      .addColumn('staff_id', 'text')
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('moderated_at', 'bigint')
      .addColumn('moderated_by', 'text')
      .execute();
    await db.schema
      .createIndex('comments_item_state_idx')
      .on('comments')
      .columns(['item_id', 'state', 'created_at'])
      .execute();
    await db.schema.createIndex('comments_root_idx').on('comments').column('root_id').execute();
    await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
    await db.schema
      .createIndex('comments_state_idx')
      .on('comments')
      .columns(['state', 'created_at'])
      .execute();
    await db.schema
      .createTable('item_likes')
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_likes_pk', ['item_id', 'visitor'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('item_likes').ifExists().execute();
    await db.schema.dropTable('comments').ifExists().execute();
  },
};
