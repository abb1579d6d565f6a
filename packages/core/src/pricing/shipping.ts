/**
 * Shipping (issue 17): the options an address has (the first zone that holds it, then local
 * pickup) and what each costs for a cart. A cart with nothing physical has no shipping.
 */
import { ProductType } from '../product.ts';
import type { PickupLocation, PricingConfig, ShippingRate, ShippingZone } from './config.ts';
import type { PricingLine } from './lines.ts';

export interface ShippingLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  /** The state, province or region code, upper case; empty when not given. */
  readonly region: string;
  readonly postalCode: string;
}

export interface ShippingOption {
  readonly id: string;
  readonly name: string;
  readonly kind: ShippingRate['kind'] | 'pickup';
  readonly amountCents: number;
}

const physical = (lines: readonly PricingLine[]) =>
  lines.filter((l) => Number(l.productType) === ProductType.PHYSICAL);

export const requiresShipping = (lines: readonly PricingLine[]): boolean => physical(lines).length > 0;

/** The parcel's weight: every physical unit's weight. */
export const parcelGrams = (lines: readonly PricingLine[]): number =>
  physical(lines).reduce((n, l) => n + l.weightGrams * l.quantity, 0);

export const zoneFor = (
  zones: readonly ShippingZone[],
  location: ShippingLocation,
): ShippingZone | undefined =>
  zones.find(
    (z) =>
      (z.countries.includes('*') || z.countries.includes(location.country)) &&
      (z.regions.length === 0 || z.regions.includes(location.region)),
  );

/** A rate's price for the parcel; undefined when the rate cannot carry it (too heavy for every bracket). */
export const rateCents = (
  rate: ShippingRate,
  grams: number,
  merchandiseAfterDiscountCents: number,
): number | undefined => {
  if (rate.kind === 'flat') return rate.amountCents;
  if (rate.kind === 'free-over')
    return merchandiseAfterDiscountCents >= rate.thresholdCents ? 0 : rate.amountCents;
  return rate.brackets.find((b) => grams <= b.upToGrams)?.amountCents;
};

const pickupOption = (p: PickupLocation): ShippingOption => ({
  id: p.id,
  name: p.name,
  kind: 'pickup',
  amountCents: 0,
});

/**
 * The options for a cart at `location`: the zone's rates that can carry the parcel, then pickup.
 * None when nothing ships or the address is not known yet.
 */
export const shippingOptions = (
  config: PricingConfig,
  lines: readonly PricingLine[],
  location: ShippingLocation | null,
  merchandiseAfterDiscountCents: number,
): ShippingOption[] => {
  if (!requiresShipping(lines) || !location) return [];
  const zone = zoneFor(config.shippingZones, location);
  const grams = parcelGrams(lines);
  const rated: ShippingOption[] = [];
  for (const rate of zone?.rates ?? []) {
    const amountCents = rateCents(rate, grams, merchandiseAfterDiscountCents);
    if (amountCents !== undefined) rated.push({ id: rate.id, name: rate.name, kind: rate.kind, amountCents });
  }
  return [...rated, ...config.pickup.map(pickupOption)];
};

/** The chosen option when it is offered, else the cheapest delivery (the first of equals), else pickup. */
export const selectShippingOption = (
  options: readonly ShippingOption[],
  chosenId: string | null,
): ShippingOption | null => {
  const chosen = options.find((o) => o.id === chosenId);
  if (chosen) return chosen;
  const delivery = options.filter((o) => o.kind !== 'pickup');
  const pool = delivery.length > 0 ? delivery : options;
  return pool.reduce<ShippingOption | null>(
    (best, o) => (!best || o.amountCents < best.amountCents ? o : best),
    null,
  );
};
