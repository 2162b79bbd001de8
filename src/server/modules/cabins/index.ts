/** What other areas may use of cabins: the appointments area registers its delete check here. */
export { registerCabinRoutes } from './routes';
export { cabinUsageChecks, type CabinUsageCheck, type CabinDto } from './cabins.service';
export type { CabinTypeDto } from './cabin-types.service';
