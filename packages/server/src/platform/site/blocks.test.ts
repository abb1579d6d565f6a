import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from './loader.ts';

/** A content folder with one blog collection whose first post has `blockFields`. */
function siteWith(blockFields: unknown, forms: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-blocks-'));
  mkdirSync(join(dir, 'content/collections'), { recursive: true });
  mkdirSync(join(dir, 'content/forms'));
  writeFileSync(join(dir, 'content/website.json'), JSON.stringify({ website: { id: 'w' } }));
  const shop = {
    id: 's',
    urlId: 'shop',
    title: 'Shop',
    typeName: 'products',
    items: [{ id: 'm', urlId: 'mug', title: 'Mug' }],
  };
  writeFileSync(join(dir, 'content/collections/shop.json'), JSON.stringify(shop));
  const journal = {
    id: 'j',
    urlId: 'journal',
    title: 'Journal',
    typeName: 'blog',
    items: [{ id: 'p', urlId: 'first-post', title: 'First', blockFields }],
  };
  writeFileSync(join(dir, 'content/collections/journal.json'), JSON.stringify(journal));
  for (const [id, form] of Object.entries(forms))
    writeFileSync(join(dir, `content/forms/${id}.json`), JSON.stringify(form));
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const loadError = (dir: string): string => {
  try {
    loadContent(dir);
  } catch (error) {
    return (error as Error).message;
  }
  return 'loaded';
};

describe('layout blocks at load: a bad block stops the site with the item, the field and the block named', () => {
  it('loads good blocks and fills their defaults', () => {
    const dir = siteWith({
      body: [
        { id: 'h', type: 'heading', text: 'Hi' },
        { id: 's', type: 'spacer' },
      ],
    });
    const post = loadContent(dir).collections.find((c) => c.urlId === 'journal')?.items?.[0];
    expect(post?.blockFields).toEqual({
      body: [
        { id: 'h', type: 'heading', text: 'Hi', level: 2 },
        { id: 's', type: 'spacer', size: 'medium' },
      ],
    });
  });

  const refused: [string, unknown, string][] = [
    [
      'an unknown block type',
      { body: [{ id: 'x', type: 'carousel' }] },
      'content/collections/journal.json: item "first-post": block "x" of field "body": ',
    ],
    [
      'a missing field',
      { body: [{ id: 'q', type: 'quote' }] },
      'content/collections/journal.json: item "first-post": block "q" of field "body": ',
    ],
    [
      'an image from another site (nothing third-party loads before the visitor asks)',
      {
        body: [
          { id: 'i', type: 'image', image: { assetUrl: 'https://cdn.example/a.jpg', originalSize: '10x10' } },
        ],
      },
      'item "first-post": block "i" of field "body": must be a file of the site\'s media, "/media/<file>" (at image.assetUrl)',
    ],
    [
      'a gallery design the spec does not have',
      {
        body: [
          {
            id: 'g',
            type: 'gallery',
            title: 'G',
            images: [{ assetUrl: '/media/a.jpg', originalSize: '1x1' }],
            options: { design: 'masonry' },
          },
        ],
      },
      'item "first-post": block "g" of field "body": ',
    ],
    [
      'a block without an id',
      { body: [{ type: 'spacer' }] },
      'item "first-post": block #1 of field "body": ',
    ],
    [
      'two blocks with one id',
      {
        body: [
          { id: 'a', type: 'spacer' },
          { id: 'a', type: 'spacer' },
        ],
      },
      'item "first-post": block "a" of field "body": the id is used twice in the field',
    ],
    [
      'a product that does not exist',
      { body: [{ id: 'p', type: 'product', collection: 'shop', item: 'teapot' }] },
      'content/collections/journal.json: item "first-post": block "p" of field "body": no item "teapot" in collection "shop"',
    ],
    [
      'a summary of a collection that does not exist',
      { body: [{ id: 's', type: 'summary', collection: 'news' }] },
      'item "first-post": block "s" of field "body": no collection "news"',
    ],
    [
      'a form that does not exist',
      { body: [{ id: 'f', type: 'newsletter', formId: 'letters', title: 'Letters' }] },
      'item "first-post": block "f" of field "body": no form "letters" in content/forms',
    ],
  ];
  for (const [what, fields, message] of refused)
    it(`refuses ${what}`, () => {
      expect(loadError(siteWith(fields))).toContain(message);
    });

  it('accepts a product, a summary and a form that exist', () => {
    const dir = siteWith(
      {
        body: [
          { id: 'p', type: 'product', collection: 'shop', item: 'mug' },
          { id: 's', type: 'summary', collection: 'journal' },
          { id: 'f', type: 'form', formId: 'contact' },
        ],
      },
      { contact: { id: 'contact', fields: [] } },
    );
    expect(loadError(dir)).toBe('loaded');
  });
});
