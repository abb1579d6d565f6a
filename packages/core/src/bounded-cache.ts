/** The engine's bounded cache, for code that reaches jsont only through core (the browser). */
export { BoundedCache } from '@storefront/jsont/bounded-cache';
