/**
 * The posts of the site's blogs (`/config/posts`, issue 31): searched by title, filtered by blog and
 * by where each stands (draft, scheduled, published), last changed first, a page at a time; and a
 * new post, started as a draft in the blog chosen.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { PostPage, PostRecord, PostStatus, PostSummary } from '@storefront/core/wire';
import { ConfigError, getJson, postJson, queryOf } from './api.ts';
import { CursorPager, FilterForm, RecordsTable, SelectField } from './parts.tsx';
import { Link, navigate, useLocation } from './router.tsx';

export const STATUS_WORDS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'Something went wrong. Please try again.';

/** The post as it stands, in words: a scheduled or published one with its time in the site's zone. */
export const standing = (post: { status: PostStatus; publishOn: string | null }) =>
  post.publishOn && post.status !== 'draft'
    ? `${STATUS_WORDS[post.status]}, ${post.publishOn.replace('T', ' ')}`
    : STATUS_WORDS[post.status];

const BLANK_POST = {
  slug: '',
  blocks: [],
  excerptHtml: '',
  authorId: null,
  categories: [],
  tags: [],
  coverImage: null,
  seoTitle: '',
  seoDescription: '',
  commentsOn: true,
};

/** A URL slug from a title: lowercase words joined by hyphens. */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);

export function PostsScreen({ canEdit }: { canEdit: boolean }) {
  const { search } = useLocation();
  const filters = {
    q: search.get('q') ?? '',
    blogId: search.get('blogId') ?? '',
    status: search.get('status') ?? '',
    cursor: search.get('cursor') ?? '',
  };
  const [page, setPage] = useState<PostPage>();
  const [error, setError] = useState('');
  const [title, setTitle] = useState('');
  const [blogId, setBlogId] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState('');
  const query = queryOf(filters);

  useEffect(() => {
    getJson<PostPage>(`/api/config/posts${query}`).then(
      (loaded) => {
        setPage(loaded);
        setError('');
      },
      (e: unknown) => setError(problemOf(e)),
    );
  }, [query]);

  const show = (change: Partial<typeof filters>) =>
    navigate(`/config/posts${queryOf({ ...filters, cursor: '', ...change })}`);
  const blogs = page?.blogs ?? [];
  const chosenBlog = blogId || blogs[0]?.id || '';

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setCreateError('Give the post a title.');
      return;
    }
    setCreating(true);
    postJson<PostRecord>('/api/config/posts', {
      blogId: chosenBlog,
      post: { ...BLANK_POST, title: title.trim(), slug: slugOf(title) || 'post' },
    }).then(
      (created) => navigate(`/config/posts/${encodeURIComponent(created.id)}`),
      (e: unknown) => {
        setCreating(false);
        setCreateError(problemOf(e));
      },
    );
  };

  return (
    <>
      <h1>Posts</h1>
      {canEdit ? (
        <form className="cfg-panel cfg-inline-form" aria-label="New post" onSubmit={create} noValidate>
          <label htmlFor="new-post-title">New post title</label>
          <input
            id="new-post-title"
            value={title}
            maxLength={500}
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? 'new-post-error' : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {blogs.length > 1 && (
            <>
              <label htmlFor="new-post-blog">Blog</label>
              <select id="new-post-blog" value={chosenBlog} onChange={(e) => setBlogId(e.target.value)}>
                {blogs.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.title}
                  </option>
                ))}
              </select>
            </>
          )}
          <button type="submit" disabled={creating || blogs.length === 0}>
            Start a draft
          </button>
          {createError && (
            <p id="new-post-error" role="alert" className="cfg-error">
              {createError}
            </p>
          )}
        </form>
      ) : (
        <p className="cfg-note">You can read the posts. Writing them needs the content permission.</p>
      )}
      <FilterForm
        search
        label="Find posts"
        onFilter={(data) =>
          show({
            q: String(data.get('q') ?? ''),
            blogId: String(data.get('blogId') ?? ''),
            status: String(data.get('status') ?? ''),
          })
        }
      >
        <p>
          <label htmlFor="posts-q">Title</label>
          <input id="posts-q" name="q" type="search" defaultValue={filters.q} />
        </p>
        <SelectField
          id="posts-blog"
          name="blogId"
          label="Blog"
          defaultValue={filters.blogId}
          options={[['', 'Every blog'], ...blogs.map((b) => [b.id, b.title] as const)]}
        />
        <SelectField
          id="posts-status"
          name="status"
          label="Status"
          defaultValue={filters.status}
          options={[
            ['', 'Any'],
            ['draft', 'Draft'],
            ['scheduled', 'Scheduled'],
            ['published', 'Published'],
          ]}
        />
      </FilterForm>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
      {!page && !error && <p role="status">Loading the posts…</p>}
      {page && (
        <>
          <RecordsTable<PostSummary>
            caption="Posts, last changed first"
            emptyText="No post matches."
            rows={page.posts}
            rowKey={(p) => p.id}
            columns={[
              {
                header: 'Title',
                cell: (p) => <Link href={`/config/posts/${encodeURIComponent(p.id)}`}>{p.title}</Link>,
              },
              { header: 'Blog', cell: (p) => p.blogTitle },
              { header: 'Status', cell: (p) => standing(p) },
              { header: 'Last changed', cell: (p) => new Date(p.updatedOn).toLocaleString() },
            ]}
          />
          <CursorPager
            cursor={filters.cursor}
            page={page}
            onCursor={(cursor) => show({ ...filters, cursor })}
          />
          <h2>Pages</h2>
          <p className="cfg-muted">Each page&apos;s content is written with the same blocks as a post.</p>
          <ul className="cfg-list">
            {page.pages.map((p) => (
              <li key={p.id}>
                <Link href={`/config/pages/${encodeURIComponent(p.id)}/content`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
