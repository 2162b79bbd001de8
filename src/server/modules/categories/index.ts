/** What other areas may use of categories: products, treatments and packages register their delete checks here. */
export { registerCategoryRoutes } from './routes';
export { categoryUsageChecks } from './service';
