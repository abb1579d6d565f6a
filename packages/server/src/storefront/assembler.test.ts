/**
 * Load, then render: the assembler has no database (its dependencies name none) and renders a page
 * from a plan and already-loaded tag data; the page context script is complete in the head.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { emptyCart } from '../modules/cart/cart.ts';
import type { CollectionContent, ItemContent } from '../platform/site/types.ts';
import { loadSite } from '../platform/site/loader.ts';
import { FIXTURE_SITE } from '../testing/databases.ts';
import { PageAssembler } from './assembler.ts';
import { itemView } from './context.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { tagDataKey, type TagData } from './loader.ts';
import { planPage } from './page-plan.ts';
import { TagBodies } from '../platform/site/platform-tags.ts';

function fixture() {
  const engine = createTemplateEngine();
  const bodies = new TagBodies();
  const site = loadSite<Compiled>(FIXTURE_SITE, (source) => engine.compile(source), bodies);
  const collections = site.content.collections;
  const byUrl = (urlId: string) => collections.find((c) => c.urlId === urlId) as CollectionContent;
  const assembler = new PageAssembler({
    site,
    engine,
    bodies,
    log: pino({ level: 'silent' }),
    currency: 'USD',
  });
  const cart = emptyCart({ websiteId: site.content.website.id, currency: 'USD' });
  const builtins = {
    list: engine.compile(''),
    item: engine.compile(''),
    notFound: engine.compile(''),
    blocksPage: { compiled: engine.compile(''), source: '' },
  };
  const home = byUrl('home');
  const plan = planPage(
    {
      kind: 'collection',
      collection: home,
      homepage: true,
      list: { items: [], total: 0, echo: {}, filters: new URLSearchParams(), pageSize: 20 },
    },
    { site, builtins, collections, cart },
  );
  return { site, assembler, plan, collections, byUrl };
}

const web = { script: null, stylesheets: [] };
const SHOP = { origin: 'https://shop.example', title: 'Fixture Store' };

describe('page assembler', () => {
  it('renders the footer query tag from loaded data, its products in the page context', () => {
    const { assembler, plan, collections, byUrl } = fixture();
    const layout = assembler.prepare(plan);
    const [query] = assembler.declaredTags(plan, layout, SHOP).filter((t) => t.name === 'query');
    expect(query?.attrs).toMatchObject({ collection: 'shop', limit: '2' });
    const shop = byUrl('shop');
    const items = (shop.items as ItemContent[]).slice(0, 2).map((i) => itemView(shop, i));
    const tagData = new Map<string, TagData | undefined>([
      [tagDataKey(query!, plan.collection.id) as string, { name: 'query', target: shop, items }],
    ]);
    const { html, missing } = assembler.assemble({ site: SHOP, plan, path: '/', collections, tagData, web });
    expect(missing).toEqual([]);
    expect(html).toMatch(/<ul class="footer-products"><li>Linen Tee<\/li><li>Last Mug<\/li><\/ul>/);
    const script = /<script id="storefront-context" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    expect(Object.keys((JSON.parse(script?.[1] ?? '{}') as { products: object }).products)).toEqual([
      'p-tee',
      'p-last',
    ]);
  });

  it('reports a data tag whose data was not loaded, instead of reading it while rendering', () => {
    const { assembler, plan, collections } = fixture();
    const { html, missing } = assembler.assemble({
      site: SHOP,
      plan,
      path: '/',
      collections,
      tagData: new Map(),
      web,
    });
    expect(missing.map((t) => t.name)).toEqual(['query']);
    expect(html).not.toContain('footer-products');
    expect(html).not.toContain('squarespace:');
  });

  it('leaves the plan as it was given: the same plan assembles the same page twice', () => {
    const { assembler, plan, collections } = fixture();
    const before = structuredClone(plan.context);
    const first = assembler.assemble({ site: SHOP, plan, path: '/', collections, tagData: new Map(), web });
    expect(plan.context).toEqual(before);
    expect(
      assembler.assemble({ site: SHOP, plan, path: '/', collections, tagData: new Map(), web }).html,
    ).toBe(first.html);
  });
});
