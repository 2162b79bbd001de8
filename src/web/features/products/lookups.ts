import { api } from '../../app/api';
import { productTypeLabel } from '../../../domain/products.schemas';
import type { Named, ProductType } from './types';

type ListAnswer<T> = { items: T[] };

/** Product types named in Spanish by their kind. */
export const loadProductTypes = async () =>
  (await api<ListAnswer<ProductType>>('/product-type', { query: { take: 'all' } })).items.map((t) => ({ ...t, name: productTypeLabel(t) }));
export const loadProviders = async () => (await api<ListAnswer<Named>>('/provider', { query: { take: 'all', status: '1' } })).items;
export const loadProductCategories = async () => (await api<ListAnswer<Named>>('/categories', { query: { take: 'all', type: 'product', status: '1' } })).items;
