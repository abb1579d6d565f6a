import { describe, expect, it } from 'vitest';
import {
  altTextOf,
  colorWeight,
  commentsShown,
  humanizeDuration,
  isHtmlEmpty,
  itemClasses,
  slugify,
  srcsetOf,
  thumbnailSizeForWidth,
  websiteColor,
} from './index.ts';

describe('images', () => {
  it('picks thumbnail widths by the steps of section 9', () => {
    expect([1001, 1000, 751, 750, 501, 301, 101, 100].map(thumbnailSizeForWidth)).toEqual([
      '1500w',
      '1000w',
      '1000w',
      '750w',
      '750w',
      '500w',
      '300w',
      '100w',
    ]);
  });

  it('adds the original format as the next larger srcset width', () => {
    expect(srcsetOf({ assetUrl: 'u', systemDataVariants: '100w,300w,x' })).toBe(
      'u?format=100w 100w,u?format=300w 300w,u?format=original 500w',
    );
    expect(srcsetOf({ assetUrl: 'u', systemDataVariants: '2500w' })).toBe('u?format=2500w 2500w');
    expect(srcsetOf({ assetUrl: 'u', systemDataVariants: '' })).toBeUndefined();
  });

  it('falls back from title to body text to filename for alt text', () => {
    expect(altTextOf({ title: 'T', body: 'B' })).toBe('T');
    expect(altTextOf({ body: '<b>Bold</b>' })).toBe(' Bold ');
    expect(altTextOf({ body: 'x'.repeat(1500) })).toHaveLength(1000);
    expect(altTextOf({ filename: 'f.png' })).toBe('f.png');
    expect(altTextOf({ altText: ' A ', title: 'T' }, 5)).toBe('A');
  });
});

describe('item classes', () => {
  it('lists promoted type, categories, tags, author, post type, index, featured and store state', () => {
    const item = {
      recordType: 11,
      structuredContent: { productType: 1, variants: [{ qtyInStock: 0, onSale: true }] },
    };
    expect(
      itemClasses(item, {
        promotedBlockType: 'image',
        categories: ['New Things'],
        tags: ['A&B'],
        author: { displayName: 'Jo Ann' },
        recordTypeLabel: 'store-item',
        index: 2,
        starred: true,
      }),
    ).toBe(
      'hentry promoted promoted-block-image category-new-things tag-ab author-jo-ann post-type-store-item article-index-2 featured on-sale sold-out',
    );
  });
});

describe('other content rules', () => {
  it('hides comments when the site disables them', () => {
    expect(commentsShown({ commentState: 1 }, undefined)).toBe(true);
    expect(commentsShown({ commentState: 1 }, { commentsEnabled: false })).toBe(false);
    expect(commentsShown({ commentState: 0, publicCommentCount: 0 }, { commentsEnabled: true })).toBe(false);
  });

  it('treats whitespace, zero-width spaces and nbsp as empty HTML', () => {
    expect(isHtmlEmpty('<p> \u200b&nbsp;\u00a0</p>')).toBe(false);
    expect(isHtmlEmpty('<p> \u200b\u00a0</p>')).toBe(true);
  });

  it('formats durations, slugs and colours', () => {
    expect(humanizeDuration(125_000)).toBe('2:05');
    expect(slugify('Hello, World  Again')).toBe('hello-world-again');
    expect(colorWeight('#888')).toBe('light');
    expect(colorWeight('444444')).toBe('dark');
    expect(colorWeight('nope')).toBeUndefined();
    expect(websiteColor({ hue: 200, saturation: 0.3, lightness: 0.5 })).toBe('hsl(200, 30%, 50%)');
    expect(websiteColor({ hue: 1 })).toBe('Missing an H/S/L value.');
  });
});
