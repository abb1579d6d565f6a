/** The comment, like and share helpers with what the server's load step puts on items (issue 16). */
import { describe, expect, it } from 'vitest';
import { createEngine } from '@storefront/jsont';
import { platformPlugin } from '../index.ts';

const engine = createEngine({ plugins: [platformPlugin], enableExpressions: true, enableInclude: true });
const render = (template: string, json: unknown) => {
  const { output, errors } = engine.render(template, json, { locale: 'en-US' });
  expect(errors).toEqual([]);
  return output.trim();
};

const thread = {
  comments: [
    {
      id: 'c1',
      parentId: null,
      authorName: 'Ada <script>',
      body: 'First line\nsecond line\n\nA new paragraph & more',
      createdOn: Date.UTC(2026, 10, 20),
      byStaff: false,
      awaitingApproval: false,
      replies: [
        {
          id: 'c2',
          parentId: 'c1',
          authorName: 'Theo',
          body: 'A reply',
          createdOn: Date.UTC(2026, 10, 21),
          byStaff: false,
          awaitingApproval: true,
          replies: [],
        },
      ],
    },
  ],
  hasNextPage: false,
  nextPageCursor: null,
};

describe('comments helper with the loaded thread', () => {
  it('prints the thread, replies nested, text escaped, a pending one marked', () => {
    const html = render('{item|comments}', {
      item: { id: 'i1', commentState: 1, publicCommentCount: 1, commentThread: thread },
    });
    expect(html).toContain('data-item-id="i1" data-public-comment-count="1" data-comment-state="1">');
    expect(html).toContain('<span class="sf-comment__author">Ada &lt;script&gt;</span>');
    expect(html).toContain('<p>First line<br>second line</p><p>A new paragraph &amp; more</p>');
    expect(html).toContain('<time datetime="2026-11-20">2026-11-20</time>');
    expect(html).toMatch(
      /<ol class="sf-comments__replies"><li class="sf-comment" id="comment-c2">.*A reply.*<\/li><\/ol>/,
    );
    expect(html).toContain('<span class="sf-comment__pending">Awaiting approval</span>');
    expect(html).not.toContain('<script>');
  });

  it('prints the empty container when nothing was loaded (the reference markup)', () => {
    expect(render('{item|comments}', { item: { id: 'i1', commentState: 1, publicCommentCount: 0 } })).toBe(
      '<div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="0" data-comment-state="1"></div>',
    );
  });

  it('counts what the load step counted', () => {
    expect(render('{item|comment-count}', { item: { publicCommentCount: 3 } })).toBe('3 Comments');
    expect(
      render('{item|like-button}', {
        item: { id: 'i1', likeCount: 4 },
        websiteSettings: { simpleLikingEnabled: true },
      }),
    ).toContain('data-like-count="4"');
  });

  it('hides the block by the spec rule and the site setting', () => {
    const t = '{.section item}{.comments?}shown{.or}hidden{.end}{.end}';
    const on = { commentsEnabled: true };
    expect(render(t, { item: { commentState: 1, publicCommentCount: 0 }, websiteSettings: on })).toBe(
      'shown',
    );
    expect(render(t, { item: { commentState: 2, publicCommentCount: 2 }, websiteSettings: on })).toBe(
      'shown',
    );
    expect(render(t, { item: { commentState: 2, publicCommentCount: 0 }, websiteSettings: on })).toBe(
      'hidden',
    );
    expect(
      render(t, {
        item: { commentState: 1, publicCommentCount: 2 },
        websiteSettings: { commentsEnabled: false },
      }),
    ).toBe('hidden');
  });
});

describe('share buttons', () => {
  const item = { title: 'Kiln & glaze', fullUrl: '/journal/kiln', recordType: 1 };
  it('are plain links for the services named, by name or number, and no script', () => {
    const html = render('{@|social-button}', {
      ...item,
      website: {
        baseUrl: 'https://shop.example',
        shareButtonOptions: { '1': true, twitter: true, '6': false },
      },
    });
    expect(html).toContain(
      '<a class="sf-share sf-share--facebook" href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.example%2Fjournal%2Fkiln" target="_blank" rel="noopener noreferrer">Share on Facebook</a>',
    );
    expect(html).toContain(
      'href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fshop.example%2Fjournal%2Fkiln&amp;text=Kiln%20%26%20glaze"',
    );
    expect(html).not.toContain('pinterest');
    expect(html).not.toContain('<script');
  });

  it('are none for services it does not know', () => {
    const html = render('{@|social-button}', { ...item, website: { shareButtonOptions: ['foo'] } });
    expect(html).not.toContain('<a ');
  });
});
