import { describe, expect, it } from 'vitest';
import type { CollectionContent, SiteContent } from '../platform/site/types.ts';
import {
  collectionWithChildren,
  folderNavigationContext,
  folderRedirect,
  navigationContext,
} from './navigation.ts';

const page = (urlId: string): CollectionContent => ({
  id: `c-${urlId}`,
  urlId,
  title: urlId,
  typeName: 'page',
});
const about = page('about');
const contact = page('contact');
const shop: CollectionContent = { id: 'c-shop', urlId: 'shop', title: 'Shop', typeName: 'products' };
const folder = (extra: Partial<CollectionContent> = {}): CollectionContent => ({
  id: 'c-info',
  urlId: 'info',
  title: 'Info',
  typeName: 'folder',
  collections: ['about', 'contact', 'gone'],
  ...extra,
});

const content = (navigation: SiteContent['navigation']): SiteContent => ({
  website: { id: 'w' },
  websiteSettings: {},
  localizedStrings: {},
  navigation,
  collections: [],
  forms: {},
});

describe('folders and indexes', () => {
  it('a folder redirects to its first child unless it shows as an index or the template has a folder page', () => {
    const all = [folder(), about, contact];
    expect(folderRedirect(folder(), all, false)).toBe('/about');
    expect(folderRedirect(folder({ folderBehavior: 1 }), all, false)).toBeUndefined();
    expect(folderRedirect(folder(), all, true)).toBeUndefined();
    expect(folderRedirect(folder({ folderBehavior: 2 }), all, true)).toBe('/about');
    // An index is a page of its own; a folder with no children has nowhere to send anyone.
    expect(folderRedirect({ ...folder(), typeName: 'index' }, all, false)).toBeUndefined();
    expect(folderRedirect(folder({ collections: [] }), all, false)).toBeUndefined();
  });

  it("collection.collections[] holds the children that exist, in the folder's order, with what the predicates read", () => {
    const index = { ...folder(), typeName: 'index', collections: ['contact', 'about'] };
    const view = collectionWithChildren(index, [index, about, contact], 0);
    expect((view.collections as { urlId: string }[]).map((c) => c.urlId)).toEqual(['contact', 'about']);
    expect(view).toMatchObject({ folder: true, folderBehavior: 1 });
    expect(collectionWithChildren(shop, [shop], 0)).not.toHaveProperty('collections');
  });

  it('navigation gives a folder its children, folderActive while one of them is the page', () => {
    const all = [shop, folder(), about, contact];
    const nav = navigationContext(content({ main: ['shop', 'info'] }), all, 'main', '/contact', 'c-contact');
    const [, info] = nav.items as Record<string, unknown>[];
    expect(info).toMatchObject({ active: false, folderActive: true });
    expect((info?.items as { active: boolean }[]).map((i) => i.active)).toEqual([false, true]);
    expect(nav.folderActive).toBe(true);
    const elsewhere = navigationContext(content({ main: ['shop', 'info'] }), all, 'main', '/shop', 'c-shop');
    expect((elsewhere.items as Record<string, unknown>[])[1]).toMatchObject({ folderActive: false });
  });

  it("folder-navigation shows the current page's folder, or nothing outside folders", () => {
    const all = [shop, folder(), about, contact];
    const inside = folderNavigationContext(content({}), all, '/about', 'c-about');
    expect((inside.items as { collection: { urlId: string } }[]).map((i) => i.collection.urlId)).toEqual([
      'about',
      'contact',
    ]);
    expect(folderNavigationContext(content({}), all, '/shop', 'c-shop').items).toEqual([]);
  });
});

describe('what the navigation leaves out (template-format §3.7)', () => {
  const titles = (nav: Record<string, unknown>) =>
    (nav.items as { collection?: { title: string }; externalLink?: { title: string } }[]).map(
      (i) => i.collection?.title ?? i.externalLink?.title,
    );

  it('omits disabled links and folders, and pages that are switched off or gone, wherever they sit', () => {
    const off: CollectionContent = { ...page('winter'), title: 'Winter', enabled: false };
    const all = [shop, about, contact, off];
    const nav = navigationContext(
      content({
        main: [
          'shop',
          'winter',
          'deleted-page',
          { collection: 'about', disabled: true },
          { externalLink: { url: '/gift', title: 'Gift guide' }, disabled: true },
          { externalLink: { url: 'tel:+1555', title: 'Call' } },
          { folder: { title: 'Hidden', items: ['contact'] }, disabled: true },
          { folder: { title: 'Nothing left', items: ['winter', { collection: 'contact', disabled: true }] } },
          { folder: { title: 'More', items: ['winter', 'contact'] } },
        ],
      }),
      all,
      'main',
      '/contact',
      'c-contact',
    );
    expect(titles(nav)).toEqual(['Shop', 'Call', 'More']);
    const more = (nav.items as Record<string, unknown>[])[2] as {
      collection: Record<string, unknown>;
      items: { collection: { title: string }; active: boolean }[];
      folderActive: boolean;
    };
    expect(more.collection).toMatchObject({ folder: true, title: 'More', fullUrl: '/contact' });
    expect(more.items.map((i) => [i.collection.title, i.active])).toEqual([['contact', true]]);
    expect(more.folderActive).toBe(true);
    expect(nav.folderActive).toBe(true);
  });

  it("leaves a switched-off page out of a folder page's children", () => {
    const off: CollectionContent = { ...contact, enabled: false };
    const nav = navigationContext(content({ main: ['info'] }), [folder(), about, off], 'main', '/', null);
    const [info] = nav.items as { items: { collection: { urlId: string } }[] }[];
    expect(info?.items.map((i) => i.collection.urlId)).toEqual(['about']);
  });
});
