import { api } from '../../app/api';
import type { Named, ProductType } from './types';

type ListAnswer<T> = { items: T[] };

export const loadProductTypes = async () => (await api<ListAnswer<ProductType>>('/product-type', { query: { take: 'all' } })).items;
export const loadProviders = async () => (await api<ListAnswer<Named>>('/provider', { query: { take: 'all', status: '1' } })).items;
export const loadProductCategories = async () => (await api<ListAnswer<Named>>('/categories', { query: { take: 'all', type: 'product', status: '1' } })).items;
