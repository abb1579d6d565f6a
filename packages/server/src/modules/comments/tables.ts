import type { ColumnType, Selectable } from 'kysely';

/**
 * Comments and likes on content items (issue 16; migration 2026-11-24-023-comments), shared by the
 * storefront (comments/: threads, posting, likes) and the back office (moderation). Times are epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

/** `pending` waits for a moderator; only `approved` ones are public and counted. */
export const COMMENT_STATES = ['pending', 'approved', 'spam', 'deleted'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

export interface CommentsTable {
  id: string;
  /** The content item's id (items live in the site's content files: no foreign key). */
  item_id: string;
  /** The top-level comment of the thread; its own id for a top-level comment. */
  root_id: string;
  /** The comment replied to; null for a top-level comment. */
  parent_id: string | null;
  author_name: string;
  author_email: string | null;
  /** A signed-in customer's account. */
  account_id: string | null;
  /** A staff member writing as staff. */
  staff_id: string | null;
  /** The poster's visitor key (a digest): they see their own pending comment. */
  visitor: string;
  body: string;
  state: CommentState;
  created_at: Millis;
  moderated_at: Millis | null;
  /** Who last changed the state (the staff member's address). */
  moderated_by: string | null;
}

/** One like per visitor per item (primary key item_id + visitor). */
export interface ItemLikesTable {
  item_id: string;
  visitor: string;
  created_at: Millis;
}

export interface CommentTables {
  comments: CommentsTable;
  item_likes: ItemLikesTable;
}

export type CommentRow = Selectable<CommentsTable>;
