/**
 * Big catalogues for tests and benchmarks: `count` products made from the shop's own (its first
 * products as they are, then copies with 2 or 3 variants each, 2.5 on average). Deterministic: the
 * same count gives the same ids, URLs and SKUs. Yields one product at a time, so a benchmark can
 * write 100,000 of them without holding the file's text.
 */
import type { ItemContent, VariantContent } from '../platform/site/types.ts';

/** A 24-hex-digit id like the demo's, unique per kind and number. */
function id(kind: 'a' | 'b' | 'c', n: number): string {
  return kind + n.toString(16).padStart(23, '0');
}

export function* grownProducts(models: ItemContent[], count: number): Generator<ItemContent> {
  const variantsOf = (item: ItemContent) => item.structuredContent?.variants ?? [];
  const withTwo = models.filter((item) => variantsOf(item).length >= 2);
  const withThree = withTwo.filter((item) => variantsOf(item).length >= 3);
  if (!withThree.length) throw new Error('the shop needs a product with 3 variants to copy');
  for (let n = 0; n < count; n++) {
    const original = models[n];
    if (original) {
      yield original;
      continue;
    }
    const pool = n % 2 ? withThree : withTwo;
    const model = pool[n % pool.length] as ItemContent;
    const images = Array.isArray(model.items) ? (model.items as Record<string, unknown>[]) : [];
    yield {
      ...model,
      id: id('a', n),
      urlId: `${model.urlId}-${n}`,
      title: `${model.title} No. ${n}`,
      starred: false,
      displayIndex: n,
      items: images.map((image, i) => ({ ...image, id: id('c', n * 16 + i) })),
      structuredContent: {
        ...model.structuredContent,
        variants: variantsOf(model)
          .slice(0, 2 + (n % 2))
          .map((variant, i): VariantContent => ({
            ...variant,
            id: id('b', n * 4 + i),
            sku: `${variant.sku}-${n}`,
          })),
      },
    } as ItemContent;
  }
}
