/** What other areas may use of settings: the loyalty tier thresholds. */
export { registerSettingRoutes } from './routes';
export { loyaltyThresholds } from './service';
