import type { CustomerLoyaltyReader } from '../customers';
import { customerPurchasedProducts } from './history';
import { customerLoyalty } from './service';

/** What other areas may use of loyalty: its routes and what the customer record shows of it. */
export { registerLoyaltyRoutes } from './routes';

/** Passed to the customer routes by modules/index.ts (customers cannot import loyalty, which reads customers). */
export const customerLoyaltyReader: CustomerLoyaltyReader = {
  tier: (db, customerId) => customerLoyalty(db, customerId, {}),
  purchasedProducts: async (db, customerId) => (await customerPurchasedProducts(db, customerId, { page: 1, take: 0 })).items,
};

/** For the sales area: points move only through the ledger; a sale earns by the customer's tier. */
export { postPointMovement } from './points';
export const customerTier = async (db: Parameters<typeof customerLoyalty>[0], customerId: string) => (await customerLoyalty(db, customerId, {})).loyaltyScale;
