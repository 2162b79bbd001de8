/** What other areas may use of settings: the loyalty tier thresholds and a drawer's opening float. */
export { registerSettingRoutes } from './routes';
export { loyaltyThresholds, openingFloatOf } from './service';
