import { categoryRoutes } from '../../../domain/categories.contract';
import { productTypeRoutes } from '../../../domain/products.contract';
import { productTypeLabel } from '../../../domain/products.schemas';
import { providerRoutes } from '../../../domain/providers.contract';
import { call } from '../../app/api';

/** Product types named in Spanish by their kind. */
export const loadProductTypes = async () =>
  (await call(productTypeRoutes.list, { query: { take: 'all' } })).items.map((t) => ({ ...t, name: productTypeLabel(t) }));
export const loadProviders = async () => (await call(providerRoutes.list, { query: { take: 'all', status: '1' } })).items;
export const loadProductCategories = async () => (await call(categoryRoutes.list, { query: { take: 'all', type: 'product', status: '1' } })).items;
