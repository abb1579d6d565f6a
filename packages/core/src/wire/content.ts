/**
 * The content editor's HTTP contract (`/api/config/posts…`, `/api/config/pages/:id/content`,
 * issue 31): posts of a blog and a page's layout, written as blocks. A block here is exactly the
 * block model the storefront renders (docs/blocks.md; checked on the server by
 * `platform/site/blocks.ts`). Times travel as epoch milliseconds; a local date-time the owner typed
 * as `YYYY-MM-DDTHH:mm` in the site's time zone.
 */
import type { CursorPage } from './config.ts';

// ------------------------------------------------------------------ blocks

/** An image of the site's media (`/media/…`), as blocks and covers carry it. */
export interface ContentImage {
  assetUrl: string;
  /** `<width>x<height>`. */
  originalSize: string;
  altText?: string;
  title?: string;
  description?: string;
}

export type GalleryDesign = 'grid' | 'slideshow' | 'slider' | 'stacked';

export interface ContentGalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': '1:1' | '4:3' | '3:4' | '3:2' | '2:3' | '16:9' | '9:16' | '2:1' | '1:2';
  thumbnails: boolean;
  'show-meta': boolean;
  'meta-position': 'top' | 'top-left' | 'top-right' | 'center' | 'bottom' | 'bottom-left' | 'bottom-right';
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
}

export interface OEmbed {
  html: string;
  providerName: string;
  title: string;
}

/** One block of a layout; `id` is unique in its layout (letters, digits, `-`, `_`). */
export type ContentBlock = { id: string } & (
  | { type: 'text'; html: string }
  | { type: 'heading'; text: string; level: number }
  | { type: 'image'; image: ContentImage; caption?: string; link?: string }
  | { type: 'gallery'; title: string; images: ContentImage[]; options: ContentGalleryOptions }
  | { type: 'video'; url: string; oembed: OEmbed; poster?: ContentImage; caption?: string }
  | { type: 'audio'; assetUrl: string; title: string; author?: string }
  | { type: 'quote'; text: string; source?: string }
  | {
      type: 'button';
      label: string;
      url: string;
      size: 'small' | 'medium' | 'large';
      alignment: 'left' | 'center' | 'right';
    }
  | { type: 'form'; formId: string }
  | { type: 'product'; collection: string; item: string }
  | { type: 'summary'; title?: string; collection: string; limit: number; design: 'list' | 'grid' }
  | { type: 'code'; code: string; language?: string }
  | { type: 'embed'; url: string; oembed: OEmbed }
  | { type: 'spacer'; size: 'small' | 'medium' | 'large' }
  | { type: 'newsletter'; formId: string; title: string; description?: string }
);

export type ContentBlockType = ContentBlock['type'];

/** Every block type the renderer knows, in the order the editor offers them. */
export const CONTENT_BLOCK_TYPES: readonly ContentBlockType[] = [
  'text',
  'heading',
  'image',
  'gallery',
  'video',
  'audio',
  'quote',
  'button',
  'form',
  'product',
  'summary',
  'code',
  'embed',
  'spacer',
  'newsletter',
];

/** Spec §9 "Content limits": blocks per layout. */
export const MAX_LAYOUT_BLOCKS = 60;

// ------------------------------------------------------------------ posts

/**
 * Where a post stands: a draft is on no page of the site; a scheduled post shows from its
 * `publishOn`; a published one shows now.
 */
export type PostStatus = 'draft' | 'scheduled' | 'published';

/** What the post editor saves (create and update); publishing is its own call. */
export interface PostInput {
  title: string;
  /** The post's URL slug in its blog: lowercase letters, digits and hyphens. */
  slug: string;
  /** The post's body: the blocks of its `post-blocks` field. */
  blocks: ContentBlock[];
  /** Rich text (sanitised on the server). */
  excerptHtml: string;
  /** A staff member's account id, or none. */
  authorId: string | null;
  categories: string[];
  tags: string[];
  coverImage: ContentImage | null;
  seoTitle: string;
  seoDescription: string;
  commentsOn: boolean;
}

/** One post as the editor loads it. */
export interface PostRecord extends PostInput {
  id: string;
  blogId: string;
  blogTitle: string;
  /** Sent back with a save: a save made on an older version answers 409 `record-changed`. */
  version: number;
  updatedOn: number;
  updatedBy: string | null;
  status: PostStatus;
  /** When it shows (or showed) on the site: `YYYY-MM-DDTHH:mm` in the site's time zone; null for a draft. */
  publishOn: string | null;
  timeZone: string;
  /** The storefront address of the post. */
  url: string;
  /** The staff-only address that renders the post as saved, draft or not. */
  previewUrl: string;
}

/** `POST /api/config/posts`. */
export interface PostCreateRequest {
  blogId: string;
  post: PostInput;
}

/** `PUT /api/config/posts/:id`. */
export interface PostSaveRequest {
  version: number;
  post: PostInput;
}

/** `POST /api/config/posts/:id/publishing`: publish now, schedule at a local time, or back to draft. */
export type PostPublishingRequest = { version: number } & (
  { action: 'publish' } | { action: 'schedule'; at: string } | { action: 'unpublish' }
);

export interface PostSummary {
  id: string;
  title: string;
  blogId: string;
  blogTitle: string;
  status: PostStatus;
  publishOn: string | null;
  updatedOn: number;
  url: string;
}

/** `GET /api/config/posts?blogId=&q=&status=&cursor=`. */
export type PostPage = CursorPage<'posts', PostSummary> & {
  blogs: { id: string; title: string }[];
  /** The site's pages, whose layouts the page content editor writes. */
  pages: { id: string; title: string }[];
  /** The staff members a post may name as its author. */
  authors: { id: string; name: string }[];
};

export interface ContentRevision {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  changes: string[];
}

export interface ContentRevisions {
  revisions: ContentRevision[];
}

// ------------------------------------------------------------------ page content

/** `GET /api/config/pages/:id/content`: a page's layout (its `main-content` field). */
export interface PageContentRecord {
  id: string;
  title: string;
  url: string;
  version: number;
  updatedOn: number;
  updatedBy: string | null;
  blocks: ContentBlock[];
}

/** `PUT /api/config/pages/:id/content`. */
export interface PageContentSaveRequest {
  version: number;
  blocks: ContentBlock[];
}
