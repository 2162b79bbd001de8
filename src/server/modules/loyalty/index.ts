import { todayIn } from '../../../domain/age';
import { lastDaysRange, LOYALTY_WINDOW_DAYS } from '../../../domain/loyalty';
import type { CustomerLoyaltyReader } from '../customers';
import { customerPurchasedProducts } from './history';
import { customerLoyalty, customerTierIn, rangeOf } from './service';

/** What other areas may use of loyalty: its routes and what the customer record shows of it. */
export { registerLoyaltyRoutes } from './routes';

/** Passed to the customer routes by modules/index.ts (customers cannot import loyalty, which reads customers). */
export const customerLoyaltyReader: CustomerLoyaltyReader = {
  tier: (db, customerId) => customerLoyalty(db, customerId, {}),
  purchasedProducts: async (db, customerId) => (await customerPurchasedProducts(db, customerId, { page: 1, take: 0 })).items,
};

/** For the sales area: points move only through the ledger; a sale earns by the customer's tier. */
export { postPointMovement } from './points';
/** The tier on the customer's last year of purchases up to `at` (default today). */
export const customerTier = async (db: Parameters<typeof customerLoyalty>[0], customerId: string, at?: Date) =>
  customerTierIn(db, customerId, rangeOf(at ? lastDaysRange(LOYALTY_WINDOW_DAYS, todayIn(undefined, at)) : {}, LOYALTY_WINDOW_DAYS));
