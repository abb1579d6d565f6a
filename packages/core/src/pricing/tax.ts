/**
 * Tax (issue 17): the rules for an address (the country's, plus its region's) and the tax of each,
 * computed once on the order's taxable amount and rounded half up per rule.
 */
import { includedPartOf, percentOf } from './amounts.ts';
import type { TaxRule } from './config.ts';
import type { ShippingLocation } from './shipping.ts';

export interface AppliedTaxRule {
  readonly id: string;
  readonly name: string;
  readonly basisPoints: number;
  readonly taxCents: number;
}

export const taxRulesFor = (rules: readonly TaxRule[], location: ShippingLocation | null): TaxRule[] =>
  location
    ? rules.filter((r) => r.country === location.country && (r.region === '' || r.region === location.region))
    : [];

/**
 * Each rule's tax on `taxableCents`. Exclusive prices: `taxable × rate`, added to the total.
 * Inclusive prices: the part of `taxable` that is this rule's tax, `taxable × rate / (1 + Σ rates)`,
 * already inside the total.
 */
export const applyTaxRules = (
  rules: readonly TaxRule[],
  taxableCents: number,
  pricesIncludeTax: boolean,
): AppliedTaxRule[] => {
  const total = rules.reduce((n, r) => n + r.basisPoints, 0);
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    basisPoints: r.basisPoints,
    taxCents: pricesIncludeTax
      ? includedPartOf(taxableCents, r.basisPoints, total)
      : percentOf(taxableCents, r.basisPoints),
  }));
};
