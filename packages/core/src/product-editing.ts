/**
 * Rules of the product editor that the browser and the server both apply (issue 30): a slug made
 * from a title, the options that make variants, and a SKU made for a variant left without one, so
 * that each variant of a product has its own (as Squarespace makes them).
 */
import type { ProductInput, ProductOption, ProductVariantInput } from './wire/catalogue.ts';

/** A URL slug from a title: "Linen Camp Shirt!" -> "linen-camp-shirt". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** The options that make variants: named, with at least one value. */
export const usableOptions = (options: readonly ProductOption[]): ProductOption[] =>
  options.filter((o) => o.name.trim() !== '' && o.values.length > 0);

type SkuSource = Pick<ProductInput, 'slug' | 'title' | 'options'>;

/** A SKU for a variant left without one: the slug and its option values ("OAT-MUG-M-MOSS"). */
export function skuOf(input: SkuSource, variant: Pick<ProductVariantInput, 'options'>): string {
  const values = usableOptions(input.options).map((o) => variant.options[o.name] ?? '');
  return slugOf([input.slug || input.title, ...values].join(' ')).toUpperCase();
}

/** The variants with every blank SKU made, each unlike the product's other SKUs ("-2", "-3" after a clash). */
export function withVariantSkus<V extends Pick<ProductVariantInput, 'sku' | 'options'>>(
  input: SkuSource,
  variants: readonly V[],
): V[] {
  const taken = new Set(variants.map((v) => v.sku.trim()).filter(Boolean));
  return variants.map((v) => {
    let sku = v.sku.trim();
    if (!sku) {
      const base = skuOf(input, v) || 'SKU';
      sku = base;
      for (let n = 2; taken.has(sku); n += 1) sku = `${base}-${n}`;
      taken.add(sku);
    }
    return { ...v, sku };
  });
}
