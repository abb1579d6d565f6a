/**
 * The one rounding rule of pricing (docs/commerce.md): amounts are integer minor units of the store
 * currency (cents; yen for JPY), rates are integer basis points (825 = 8.25 %), and a rate times
 * an amount is computed exactly (BigInt) and rounded half up once, on the order-level amount it
 * applies to, never per line, so a cart of many lines drifts by nothing.
 */

/** 100 % in basis points. */
export const WHOLE_BASIS_POINTS = 10_000;

const divideHalfUp = (numerator: bigint, denominator: bigint): number =>
  Number((numerator * 2n + denominator) / (2n * denominator));

/** `cents × basisPoints / 10000`, rounded half up (both are non-negative). */
export const percentOf = (cents: number, basisPoints: number): number =>
  divideHalfUp(BigInt(cents) * BigInt(basisPoints), BigInt(WHOLE_BASIS_POINTS));

/**
 * The part of a tax-inclusive `gross` that is the tax of `basisPoints` when the rules together
 * charge `totalBasisPoints`: `gross × basisPoints / (10000 + totalBasisPoints)`, rounded half up.
 */
export const includedPartOf = (gross: number, basisPoints: number, totalBasisPoints: number): number =>
  divideHalfUp(BigInt(gross) * BigInt(basisPoints), BigInt(WHOLE_BASIS_POINTS + totalBasisPoints));
