/**
 * An event's start and end as the events lists order and split them (issue 16), from its content:
 * content sync keeps them in `items.event_start` / `event_end` so that the lists page in SQL, and
 * storefront/events.ts arranges loaded events by the same rule.
 */
import type { Json } from '../../platform/site/types.ts';

/** `startDate` in epoch milliseconds; 0 for an item without one. */
export const eventStartOf = (event: Json): number => Number(event.startDate) || 0;

/** `endDate`; an event without an end is over when it starts. */
export const eventEndOf = (event: Json): number => Number(event.endDate) || eventStartOf(event);
