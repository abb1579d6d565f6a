/** What pricing needs of a cart or order line. */
import { ProductType } from '../product.ts';

export interface PricingLine {
  readonly itemId: string;
  /** The product's collection, for codes scoped to collections. */
  readonly collectionId: string | null;
  readonly productType: number;
  readonly quantity: number;
  readonly unitPriceCents: number;
  /** One unit's shipping weight in grams (0 when the product names none). */
  readonly weightGrams: number;
}

export const lineCents = (line: PricingLine): number => line.unitPriceCents * line.quantity;

/** Gift cards are money, not goods: no discount and no tax applies to them. */
export const isMerchandise = (line: PricingLine): boolean =>
  Number(line.productType) !== ProductType.GIFT_CARD;

export const sumCents = (lines: readonly PricingLine[]): number =>
  lines.reduce((n, l) => n + lineCents(l), 0);
