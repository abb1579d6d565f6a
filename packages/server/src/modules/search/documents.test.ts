import { describe, expect, it } from 'vitest';
import type { CollectionContent, ItemContent } from '../../platform/site/types.ts';
import { htmlText, itemDocument, pageDocument, searchWords } from './documents.ts';
import { withinOneEdit, Words } from './vocabulary.ts';

const collection = (typeName: string, extra: Partial<CollectionContent> = {}): CollectionContent => ({
  id: `c-${typeName}`,
  urlId: typeName,
  title: typeName,
  typeName,
  ...extra,
});
const item = (extra: Partial<ItemContent> = {}): ItemContent => ({
  id: 'i1',
  urlId: 'one',
  title: 'One',
  ...extra,
});

describe('search documents', () => {
  it('indexes an event with its location, a post with its author, and leaves gallery images out', () => {
    const event = itemDocument(
      collection('events'),
      item({
        title: 'Kiln opening',
        body: '<p>Come&nbsp;early &amp; stay</p>',
        location: { addressTitle: 'Warren Street Studio' },
      }),
      1,
    );
    expect(event).toMatchObject({ kind: 'event', url: '/events/one', body: 'Come early & stay' });
    expect(event?.search_body.split(' ')).toEqual(expect.arrayContaining(['warren', 'street', 'studio']));
    const post = itemDocument(
      collection('blog'),
      item({ author: { id: 'a', displayName: 'Nell Okafor' } }),
      1,
    );
    expect(post?.kind).toBe('post');
    expect(post?.search_body).toContain('okafor');
    expect(itemDocument(collection('gallery'), item(), 1)).toBeUndefined();
  });

  it('indexes a product by SKU, options, tags and categories, priced at what it sells for', () => {
    const product = itemDocument(
      collection('products'),
      item({
        tags: ['gift'],
        categories: ['Kitchen', 'Home'],
        structuredContent: {
          variants: [
            {
              id: 'v1',
              sku: 'JR-1',
              attributes: { Glaze: 'Ash Blue' },
              price: 3400,
              salePrice: 2900,
              onSale: true,
            },
            { id: 'v2', sku: 'JR-2', price: 3100 },
          ],
        },
      }),
      1,
    );
    expect(product).toMatchObject({ kind: 'product', price_cents: 2900, categories: 'Kitchen\nHome' });
    expect(product?.search_body.split(' ')).toEqual(
      expect.arrayContaining(['jr', '1', 'ash', 'blue', 'gift', 'kitchen', 'home']),
    );
  });

  it('indexes pages with their own content only', () => {
    expect(
      pageDocument(collection('page', { mainContent: '<h1>About us</h1><script>x()</script>' }), 1),
    ).toMatchObject({ kind: 'page', body: 'About us', search_body: 'about us' });
    expect(pageDocument(collection('products'), 1)).toBeUndefined();
  });

  it('folds words: case and accents off, split on anything not a letter or digit', () => {
    expect(searchWords('Crème BRÛLÉE, 12-oz t-shirt')).toEqual(['creme', 'brulee', '12', 'oz', 't', 'shirt']);
    expect(htmlText('a&#x27;b &#39;c&#0; &bogus;')).toBe("a'b 'c &bogus;");
  });
});

describe('typo distance', () => {
  it('is one for a wrong, missing or extra letter or two swapped neighbours, and more otherwise', () => {
    for (const [a, b] of [
      ['mgu', 'mug'],
      ['mig', 'mug'],
      ['mugg', 'mug'],
      ['stonewrae', 'stoneware'],
      ['stonware', 'stoneware'],
    ])
      expect(withinOneEdit(a as string, b as string), `${a} ${b}`).toBe(true);
    for (const [a, b] of [
      ['gum', 'mug'],
      ['mxgx', 'mug'],
      ['mu', 'mugs'],
    ])
      expect(withinOneEdit(a as string, b as string), `${a} ${b}`).toBe(false);
  });

  it('offers short words no shorter ones, and never words it is the beginning of', () => {
    const words = new Words(['in', 'lid', 'linen', 'lion', 'mug', 'mud']);
    expect(words.oneEditAway('lin', 10).sort()).toEqual(['lid', 'lion']);
    expect(words.oneEditAway('mgu', 10)).toEqual(['mug']);
  });
});
