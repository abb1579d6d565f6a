export {
  claimDiscount,
  discountUsage,
  recordRedemption,
  releaseDiscounts,
  type Redemption,
} from './store.ts';
export type { DiscountTables } from './tables.ts';
export { discountsMigrations } from './migrations.ts';
